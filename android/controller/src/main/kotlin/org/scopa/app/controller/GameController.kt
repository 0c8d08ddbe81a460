package org.scopa.app.controller

import java.io.IOException
import java.security.SecureRandom
import java.util.concurrent.CopyOnWriteArrayList
import org.scopa.engine.*
import org.scopa.engine.GameController as Engine
import org.scopa.engine.SaveStore as EngineStore

/**
 * Glue between the UI and the engine's [Engine] (which owns the whole flow: phases, pacing,
 * AI, hints, undo, autosave, texts): it gives the engine the [store], a timer on [pacer] and
 * a listener that publishes each [Frame] in [UiState], and keeps the screen and the settings
 * being edited. Confined to one thread (the UI's; [pacer] runs its actions there).
 */
class GameController(
    private val store: SaveStore,
    private val pacer: Pacer,
    /** The system language: every text and message is in it. */
    private val lang: Lang,
    private val pacing: Pacing = appsPacing(),
    private val seeds: () -> ULong = { SecureRandom().nextLong().toULong() },
) : AutoCloseable {
    var state = UiState(Screen.SETTINGS, defaultSettings(lang), texts = uiTexts(lang))
        private set
    /** Saves written since this controller was created. */
    var savesWritten = 0
        private set
    private var engine: Engine? = null
    private var glue: Glue? = null
    private val listeners = CopyOnWriteArrayList<StateListener>()

    /** The engine's three platform traits, for one engine: once replaced, it does nothing. */
    private inner class Glue : EngineStore, Timer, FrameListener {
        override fun write(bytes: ByteArray) =
            try { store.save(bytes).also { savesWritten++ } } catch (e: IOException) { throw StoreException.Failed(e.message ?: e.toString()) }
        override fun schedule(afterMs: UInt, token: UInt) =
            pacer.schedule(afterMs.toLong()) { if (glue === this && state.screen == Screen.TABLE) call { it.fire(token) } }
        override fun onFrame(frame: Frame) { if (glue === this) publish(state.copy(frame = frame)) }
    }

    fun addListener(l: StateListener) = listeners.add(l).also { l.onState(state) }
    fun removeListener(l: StateListener) = listeners.remove(l)
    /** The session's bytes (null without a session). */
    fun currentSave(): ByteArray? = engine?.save()

    /** At app start: resumes the saved session (a legacy one is migrated), else the settings; an unreadable save is set aside. */
    fun launch(): UiState {
        val labels = state.texts.labels
        val bytes = try { store.load() } catch (e: IOException) {
            return publish(state.copy(message = "${labels.saveUnreadable}: ${e.message}. ${labels.saveSetAside}"))
        } ?: return state
        val g = Glue()
        val e = try { Engine.restore(bytes, lang, pacing, g, g, g) } catch (e: SessionException) {
            val kept = try { store.setAside()?.let { " ($it)" } ?: "" } catch (io: IOException) { " (${io.message})" }
            return publish(state.copy(message = "${e.message}. ${labels.saveSetAside}$kept"))
        }
        start(e, g, e.settings())
        return state
    }

    /** Edits the settings; [UiState.settingsError] says if they cannot be played. */
    fun updateSettings(settings: SessionSettings) {
        val error = try { checkSettings(settings); null } catch (e: SessionException) { e.message }
        publish(state.copy(settings = settings, settingsError = error))
    }

    /** Starts a session with [settings] and [seed] (secure random if null); false if they cannot be played. */
    fun newMatch(settings: SessionSettings = state.settings, seed: ULong? = null): Boolean {
        val g = Glue()
        val e = try { Engine(settings.copy(lang = lang), seed ?: seeds(), pacing, g, g, g) } catch (e: SessionException) {
            publish(state.copy(screen = Screen.SETTINGS, settings = settings, message = e.message))
            return false
        }
        start(e, g, settings)
        return true
    }

    /** The settings screen; the match waits (its timer does nothing) until [resume]. */
    fun showSettings() = publish(state.copy(screen = Screen.SETTINGS))
    /** Back to the table: the current frame again, its timer re-armed. */
    fun resume() = call { publish(state.copy(screen = Screen.TABLE)); it.resume() }
    fun select(card: UByte) = call { it.select(card) }
    fun chooseCapture(index: Int) = call { it.capture(index.coerceIn(0, 255).toUByte()) }
    /** A button of [Frame.offers] (or the capture dialog's cancel). */
    fun press(command: Command) = call {
        when (command) {
            Command.HINT -> it.hint()
            Command.UNDO -> it.undo()
            Command.CANCEL -> it.cancel()
            Command.PROCEED -> it.proceed()
            Command.REMATCH -> it.rematch()
        }
    }
    fun dismissMessage() = publish(state.copy(message = null))

    override fun close() { glue = null; engine?.close(); engine = null; listeners.clear() }

    private fun start(e: Engine, g: Glue, settings: SessionSettings) {
        engine?.close()
        engine = e
        glue = g
        state = state.copy(screen = Screen.TABLE, settings = settings, message = null)
        call { it.resume() }
    }

    /** Runs [f] on the engine; its errors (bugs: refusals are in the frame) become [UiState.message]. */
    private fun call(f: (Engine) -> Unit) {
        val e = engine ?: return
        try { f(e) } catch (x: SessionException) { publish(state.copy(message = x.message)) }
    }

    private fun publish(s: UiState): UiState {
        state = s
        for (l in listeners) l.onState(s)
        return s
    }
}
