package org.scopa.app.controller

import java.io.IOException
import java.security.SecureRandom
import java.util.concurrent.CopyOnWriteArrayList
import org.scopa.engine.Lang
import org.scopa.engine.Phase
import org.scopa.engine.Session
import org.scopa.engine.SessionException
import org.scopa.engine.SessionSettings
import org.scopa.engine.TableState
import org.scopa.engine.Update
import org.scopa.engine.checkSettings
import org.scopa.engine.defaultSettings
import org.scopa.engine.uiTexts

/**
 * The app below the UI, free of Android: it maps the engine's [Session] (which owns the
 * whole game: phases, AI, hints, undo, texts, the save format) to [UiState], runs the two
 * timers — the pause before an AI plays and the scopa banner — and keeps the session's
 * bytes in [store] after every change, restored by [launch].
 *
 * Confined to one thread (the UI's main thread; [pacer] must run its actions there too).
 * No engine error escapes: each becomes [UiState.message].
 */
class GameController(
    private val store: SaveStore,
    private val pacer: Pacer,
    /** The system language: every text and message is in it. */
    lang: Lang,
    /** Pause before each AI play. */
    val aiDelayMillis: Long = DEFAULT_AI_DELAY_MILLIS,
    /** How long the scopa banner shows before the game goes on by itself. */
    val bannerMillis: Long = DEFAULT_BANNER_MILLIS,
    private val seeds: () -> ULong = { SecureRandom().nextLong().toULong() },
) : AutoCloseable {
    var state: UiState = defaultSettings(lang).let { UiState(Screen.SETTINGS, it, texts = uiTexts(lang)) }
        private set

    /** Saves written since this controller was created. */
    var savesWritten: Int = 0
        private set

    private val lang = lang
    private var session: Session? = null
    /** The phase the pending timer was set for (null: none); a new token cancels it. */
    private var timerFor: Phase? = null
    private var timerToken = 0L
    private val listeners = CopyOnWriteArrayList<StateListener>()

    fun addListener(l: StateListener) {
        listeners += l
        l.onState(state)
    }

    fun removeListener(l: StateListener) {
        listeners -= l
    }

    /** The session's bytes, as [launch] would restore them (null without a session). */
    fun currentSave(): ByteArray? = try {
        session?.save()
    } catch (e: SessionException) {
        null
    }

    /**
     * At app start: restores the saved session if there is one (a save of an earlier app
     * version is migrated and saved again), else shows the settings. An unreadable save is
     * set aside (a `.corrupt` copy), reported in [UiState.message], and the settings shown.
     */
    fun launch(): UiState {
        val labels = state.texts.labels
        val bytes = try {
            store.load()
        } catch (e: IOException) {
            return publish(state.copy(screen = Screen.SETTINGS, message = "${labels.saveUnreadable}: ${e.message}. ${labels.saveSetAside}"))
        } ?: return publish(state.copy(screen = Screen.SETTINGS))
        val restored = try {
            Session.restore(bytes, lang)
        } catch (e: SessionException) {
            val kept = try {
                store.setAside()?.let { " ($it)" } ?: ""
            } catch (io: IOException) {
                " (${io.message})"
            }
            return publish(state.copy(screen = Screen.SETTINGS, message = "${e.message}. ${labels.saveSetAside}$kept"))
        }
        install(restored)
        // A migrated save (or one in another language) is written again at once.
        val message = if (currentSave()?.contentEquals(bytes) == true) null else autosave()
        val settings = try {
            restored.settings()
        } catch (e: SessionException) {
            state.settings
        }
        refresh(state.copy(screen = Screen.TABLE, settings = settings), message)
        return state
    }

    /** Edits the settings shown on the settings screen; [UiState.settingsError] says if they cannot be played. */
    fun updateSettings(settings: SessionSettings) {
        val error = try {
            checkSettings(settings)
            null
        } catch (e: SessionException) {
            e.message
        }
        publish(state.copy(settings = settings, settingsError = error))
    }

    /** Back to the settings screen; the session stays saved until a new match starts. */
    fun showSettings() {
        cancelTimer()
        publish(state.copy(screen = Screen.SETTINGS, hint = null))
    }

    /** Back from the settings to the match in progress. */
    fun resume() {
        if (session == null) return
        refresh(state.copy(screen = Screen.TABLE))
    }

    /**
     * Starts a session with [settings] (and [seed], a secure random one if null), saves it
     * and queues its first deal (a `NewHand` event) to show. Returns false, with
     * [UiState.message] set, if the settings cannot be played.
     */
    fun newMatch(settings: SessionSettings = state.settings, seed: ULong? = null): Boolean {
        val s = try {
            Session(settings.copy(lang = lang), seed ?: seeds())
        } catch (e: SessionException) {
            publish(state.copy(screen = Screen.SETTINGS, settings = settings, message = e.message))
            return false
        }
        install(s)
        // The first deal is the first event to show.
        val deal = try {
            s.dealEvent().let { listOf(ShownEvent(it, s.eventText(it))) }
        } catch (e: SessionException) {
            emptyList()
        }
        refresh(state.copy(screen = Screen.TABLE, settings = settings, events = deal), message = autosave())
        return true
    }

    /** The player taps a card of their hand: played at once, or the capture choice opens. */
    fun select(card: UByte) = act { it.select(card) }

    /** Picks capture [index] of [UiState.captureOptions]. */
    fun chooseCapture(index: Int) = act { it.capture((if (index in 0..255) index else 255).toUByte()) }

    /** Closes the capture choice without playing. */
    fun cancelCapture() = act { it.cancel() }

    /** Goes on after the scopa banner, the hand summary, or the hand-over in pass-and-play. */
    fun proceed() = act { it.proceed() }

    /** Takes back the person's last play (when [org.scopa.engine.TableState.canUndo]). */
    fun undo() = act { it.undo() }

    /** After the end of a match: the next one, same settings. */
    fun rematch() = act { it.rematch() }

    /** The expert's suggestion for the person to play, and why. */
    fun requestHint() {
        val s = session ?: return
        try {
            publish(state.copy(hint = s.hint(), message = null))
        } catch (e: SessionException) {
            publish(state.copy(message = e.message))
        }
    }

    /** The UI has animated the first [count] of [UiState.events]. */
    fun eventsShown(count: Int) {
        if (count > 0) publish(state.copy(events = state.events.drop(count)))
    }

    fun dismissMessage() {
        if (state.message != null) publish(state.copy(message = null))
    }

    override fun close() {
        cancelTimer()
        session?.close()
        session = null
        listeners.clear()
    }

    // ---- internals ----

    private fun install(s: Session) {
        cancelTimer()
        session?.close()
        session = s
        state = state.copy(names = null)
    }

    /** Carries out [action] on the session; saves and refreshes, or reports why it was refused. */
    private fun act(action: (Session) -> Update) {
        val s = session ?: return
        val update = try {
            action(s)
        } catch (e: SessionException) {
            publish(state.copy(message = e.message))
            return
        }
        val shown = update.events.zip(update.texts, ::ShownEvent)
        // Saved before the UI sees the change: a kill from here on loses nothing.
        val message = autosave()
        refresh(state.copy(events = (state.events + shown).takeLast(MAX_PENDING_EVENTS), hint = null), message, update.state)
    }

    /**
     * Publishes [base] with the session's state ([table], or asked for), what its phase
     * shows, and starts the timer the phase needs.
     */
    private fun refresh(base: UiState, message: String? = null, table: TableState? = null) {
        val s = session ?: return
        val next = try {
            val t = table ?: s.state()
            base.copy(
                table = t,
                names = base.names ?: s.names(),
                captureOptions = if (t.phase is Phase.ChooseCapture) s.captureOptions() else emptyList(),
                summary = if (t.phase is Phase.HandSummary || t.phase is Phase.MatchOver) s.summary() else null,
                message = message,
            )
        } catch (e: SessionException) {
            base.copy(message = e.message)
        }
        publish(next)
        scheduleTimer()
    }

    /** Writes the session's bytes; returns a message for the player if that failed (the game goes on). */
    private fun autosave(): String? {
        val s = session ?: return null
        return try {
            store.save(s.save())
            savesWritten++
            null
        } catch (e: IOException) {
            "${state.texts.labels.saveFailed}: ${e.message}"
        } catch (e: SessionException) {
            e.message
        }
    }

    /**
     * The AI's pause, or the scopa banner, then the action that goes on. A timer belongs to
     * one phase: once the phase changes (the player continued, a new match…) it does nothing.
     */
    private fun scheduleTimer() {
        val phase = state.phase.takeIf { state.screen == Screen.TABLE }
        if (phase == timerFor) return
        cancelTimer()
        val (delay, action) = when (phase) {
            is Phase.AiDue -> aiDelayMillis to { s: Session -> s.runAi() }
            is Phase.Scopa -> bannerMillis to { s: Session -> s.proceed() }
            else -> return
        }
        timerFor = phase
        val token = timerToken
        pacer.schedule(delay) {
            if (token == timerToken) {
                timerFor = null
                act(action)
            }
        }
    }

    private fun cancelTimer() {
        timerToken++
        timerFor = null
    }

    private fun publish(s: UiState): UiState {
        state = s
        for (l in listeners) l.onState(s)
        return s
    }

    companion object {
        const val DEFAULT_AI_DELAY_MILLIS = 900L
        const val DEFAULT_BANNER_MILLIS = 1500L
        const val MAX_PENDING_EVENTS = 200
    }
}
