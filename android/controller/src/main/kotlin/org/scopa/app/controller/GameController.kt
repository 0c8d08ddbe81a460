package org.scopa.app.controller

import java.io.IOException
import java.util.concurrent.CopyOnWriteArrayList
import kotlin.random.Random
import org.scopa.engine.Card
import org.scopa.engine.GameEvent
import org.scopa.engine.GameView
import org.scopa.engine.Move
import org.scopa.engine.ScopaException
import org.scopa.engine.ScopaMatch

/**
 * The game flow of the app, below the UI and free of Android: settings → match → the
 * human's turns (select a card, pick a capture when there are several), the AI's turns with
 * a pause from [pacer], events for the UI to animate in order, the breakdown after each
 * hand, the end of the match, hints, and an autosave to [store] after every play, restored
 * by [launch].
 *
 * Confined to one thread (the UI's main thread; [pacer] must run its actions there too).
 * No engine error escapes: each becomes [UiState.message].
 */
class GameController(
    private val store: SaveStore,
    private val pacer: Pacer,
    private val factory: MatchFactory = EngineMatchFactory,
    /** Pause before each AI play. */
    val aiDelayMillis: Long = DEFAULT_AI_DELAY_MILLIS,
    private val seeds: () -> ULong = { Random.nextLong().toULong() },
) : AutoCloseable {
    val humanSeat: UInt = Settings.HUMAN_SEAT.toUInt()

    var state: UiState = UiState(screen = Screen.SETTINGS, settings = Settings())
        private set

    /** Saves written since this controller was created. */
    var savesWritten: Int = 0
        private set

    private var match: ScopaMatch? = null
    /** Bumped whenever the match changes identity, so stale scheduled AI plays do nothing. */
    private var generation = 0L
    private val listeners = CopyOnWriteArrayList<StateListener>()

    fun addListener(l: StateListener) {
        listeners += l
        l.onState(state)
    }

    fun removeListener(l: StateListener) {
        listeners -= l
    }

    /** What [launch] would restore: the save file's bytes for the current state (null without a match). */
    fun currentSave(): ByteArray? {
        val m = match ?: return null
        return try {
            SaveFile.encode(m.save(), state.screen == Screen.HAND_SUMMARY)
        } catch (e: ScopaException) {
            null
        }
    }

    /**
     * At app start: restores the autosaved match if there is one (and resumes the AI if it
     * is to play), else shows the settings. An unreadable save is set aside (kept as a
     * `.corrupt` copy), reported in [UiState.message], and the settings are shown.
     */
    fun launch(): UiState {
        val bytes = try {
            store.load()
        } catch (e: IOException) {
            publish(UiState(Screen.SETTINGS, state.settings, message = "The saved match could not be read: ${e.message}. Start a new match."))
            return state
        } ?: run {
            publish(UiState(Screen.SETTINGS, state.settings))
            return state
        }
        val restored = try {
            val contents = SaveFile.decode(bytes)
            val m = factory.restore(contents.engine)
            try {
                Restored(m, m.view(humanSeat), Settings.fromConfig(m.config()), contents.handSummaryPending)
            } catch (e: ScopaException) {
                m.close()
                throw e
            }
        } catch (e: ScopaException) {
            return discardSave(Texts.error(e))
        } catch (e: SaveFormatException) {
            return discardSave("The saved match could not be read: ${e.message}")
        }
        install(restored.match)
        val view = restored.view
        val screen = when {
            view.isOver -> Screen.MATCH_OVER
            restored.handSummary && view.lastHand != null -> Screen.HAND_SUMMARY
            else -> Screen.PLAYING
        }
        publish(
            UiState(
                screen = screen,
                settings = restored.settings,
                view = view,
                handBreakdown = if (screen != Screen.PLAYING) view.lastHand else null,
                winnerSide = view.winner?.toInt(),
                finalScores = if (view.isOver) view.sides.map { it.score.toInt() } else emptyList(),
            ),
        )
        scheduleAiIfDue()
        return state
    }

    private class Restored(val match: ScopaMatch, val view: GameView, val settings: Settings, val handSummary: Boolean)

    /** Sets an unreadable save aside and shows the settings with [reason]. */
    private fun discardSave(reason: String): UiState {
        val kept = try {
            store.setAside()?.let { " A copy was kept at $it." } ?: ""
        } catch (io: IOException) {
            " It could not be set aside (${io.message})."
        }
        publish(UiState(Screen.SETTINGS, state.settings, message = "$reason. It was set aside; start a new match.$kept"))
        return state
    }

    /** Edits the settings shown on the settings screen. */
    fun updateSettings(settings: Settings) {
        val deal = if (settings.deal in settings.availableDeals()) settings.deal else settings.availableDeals().first()
        publish(state.copy(settings = settings.copy(deal = deal)))
    }

    /** Back to the settings screen; the match in progress stays saved until a new one starts. */
    fun showSettings() {
        generation++
        publish(state.copy(screen = Screen.SETTINGS, selectedCard = null, captureOptions = emptyList(), hint = null, aiPending = false))
    }

    /**
     * Starts a match with [settings] (and [seed], random if null), saves it, and lets the AI
     * play if it leads. Returns false, with [UiState.message] set, if the engine refuses
     * the settings.
     */
    fun newMatch(settings: Settings, seed: ULong? = null): Boolean {
        val m = try {
            factory.create(settings.toConfig(), seed ?: seeds())
        } catch (e: ScopaException) {
            publish(state.copy(screen = Screen.SETTINGS, settings = settings, message = Texts.error(e)))
            return false
        }
        val view = try {
            m.view(humanSeat)
        } catch (e: ScopaException) {
            m.close()
            publish(state.copy(screen = Screen.SETTINGS, settings = settings, message = Texts.error(e)))
            return false
        }
        install(m)
        val fresh = UiState(Screen.PLAYING, settings, view = view)
        publish(fresh.copy(message = autosave(fresh.screen)))
        scheduleAiIfDue()
        return true
    }

    /**
     * The player taps a card of their hand. With one legal move for it, the card is played;
     * with several captures, the screen becomes [Screen.CHOOSING_CAPTURE] with the options.
     */
    fun selectCard(card: Card) {
        val view = state.view
        when {
            match == null || view == null -> return report("Start a match first.")
            state.screen == Screen.HAND_SUMMARY -> return report("Continue to the next hand first.")
            view.isOver -> return report("The match is over. Start a new one from the settings.")
            !view.isMyTurn -> return report("Wait: it is ${Texts.seat(view.turn, humanSeat)}'s turn.")
        }
        val moves = view.legalMoves.filter { it.card == card }
        when (moves.size) {
            0 -> report(
                if (view.hand.contains(card)) "${Texts.card(card)} cannot be played now."
                else "${Texts.card(card)} is not in your hand.",
            )
            1 -> play(moves[0])
            else -> publish(
                state.copy(screen = Screen.CHOOSING_CAPTURE, selectedCard = card, captureOptions = moves, message = null),
            )
        }
    }

    /** Picks capture [index] of [UiState.captureOptions]. */
    fun chooseCapture(index: Int) {
        val options = state.captureOptions
        if (state.screen != Screen.CHOOSING_CAPTURE || options.isEmpty()) return report("Select a card first.")
        if (index !in options.indices) return report("There is no capture number ${index + 1}: choose 1 to ${options.size}.")
        play(options[index])
    }

    /** Closes the capture choice without playing. */
    fun cancelCapture() {
        if (state.screen == Screen.CHOOSING_CAPTURE) {
            publish(state.copy(screen = Screen.PLAYING, selectedCard = null, captureOptions = emptyList()))
        }
    }

    /**
     * Plays [move] for the human (the card and the exact capture). The engine checks it; a
     * refused move only sets [UiState.message].
     */
    fun play(move: Move) {
        val m = match ?: return report("Start a match first.")
        if (state.screen == Screen.HAND_SUMMARY) return report("Continue to the next hand first.")
        val events = try {
            m.play(humanSeat, move)
        } catch (e: ScopaException) {
            return report(Texts.error(e), refresh = true)
        }
        afterPlay(m, events)
    }

    /** Asks the engine for the best move of the human, and says why. */
    fun requestHint() {
        val m = match ?: return report("Start a match first.")
        val hint = try {
            m.hint(humanSeat)
        } catch (e: ScopaException) {
            return report(Texts.error(e))
        }
        val text = "Play ${Texts.move(hint.move)}: ${Texts.hintReason(hint.reason)}. ${hint.explanation}"
        publish(state.copy(hint = HintInfo(hint.move, text, hint), message = null))
    }

    /**
     * Plays one AI move now if an AI is to play and the flow is not waiting on the player
     * (capture choice, hand summary). Returns whether a move was played.
     */
    fun advance(): Boolean {
        val m = match ?: return false
        if (state.screen != Screen.PLAYING) return false
        val ai = try {
            m.isAiTurn()
        } catch (e: ScopaException) {
            report(Texts.error(e))
            return false
        }
        if (!ai) return false
        val events = try {
            m.playAi(m.turn())
        } catch (e: ScopaException) {
            report(Texts.error(e), refresh = true)
            return false
        }
        afterPlay(m, events, scheduleNext = false)
        return true
    }

    /** Plays AI moves at once until the human is to play, a hand ends, or the match ends. */
    fun runAiTurns(): Int {
        var n = 0
        while (advance()) n++
        scheduleAiIfDue()
        return n
    }

    /** Leaves the hand summary for the next hand. */
    fun continueAfterHand() {
        if (state.screen != Screen.HAND_SUMMARY) return
        val next = state.copy(screen = Screen.PLAYING, handBreakdown = null)
        publish(next.copy(message = autosave(next.screen)))
        scheduleAiIfDue()
    }

    /** The UI has animated the first [count] of [UiState.events]. */
    fun eventsShown(count: Int) {
        if (count <= 0) return
        publish(state.copy(events = state.events.drop(count)))
    }

    fun dismissMessage() {
        if (state.message != null) publish(state.copy(message = null))
    }

    /** Ends the match in progress without finishing it and deletes its save. */
    fun abandonMatch() {
        generation++
        match?.close()
        match = null
        val message = try {
            store.clear()
            null
        } catch (e: IOException) {
            "The saved match could not be deleted: ${e.message}"
        }
        publish(UiState(Screen.SETTINGS, state.settings, message = message))
    }

    override fun close() {
        generation++
        match?.close()
        match = null
        listeners.clear()
    }

    // ---- internals ----

    private fun install(m: ScopaMatch) {
        generation++
        match?.close()
        match = m
    }

    private fun afterPlay(m: ScopaMatch, events: List<GameEvent>, scheduleNext: Boolean = true) {
        val view = try {
            m.view(humanSeat)
        } catch (e: ScopaException) {
            return report(Texts.error(e))
        }
        var next = state.copy(
            screen = Screen.PLAYING,
            view = view,
            selectedCard = null,
            captureOptions = emptyList(),
            events = (state.events + events).takeLast(MAX_PENDING_EVENTS),
            hint = null,
            message = null,
            aiPending = false,
        )
        val finished = events.filterIsInstance<GameEvent.MatchFinished>().firstOrNull()
        val hand = events.filterIsInstance<GameEvent.HandFinished>().lastOrNull()
        if (finished != null) {
            next = next.copy(
                screen = Screen.MATCH_OVER,
                handBreakdown = hand?.breakdown ?: view.lastHand,
                winnerSide = finished.winner.toInt(),
                finalScores = finished.scores.map { it.toInt() },
            )
        } else if (hand != null) {
            next = next.copy(screen = Screen.HAND_SUMMARY, handBreakdown = hand.breakdown)
        }
        // Saved before the UI sees the play: a kill from here on loses nothing.
        publish(next.copy(message = autosave(next.screen)))
        if (scheduleNext) scheduleAiIfDue()
    }

    /** Writes the save; returns a message for the player if it failed (the game goes on). */
    private fun autosave(screen: Screen): String? {
        val m = match ?: return null
        return try {
            store.save(SaveFile.encode(m.save(), screen == Screen.HAND_SUMMARY))
            savesWritten++
            null
        } catch (e: IOException) {
            "Could not save the match: ${e.message}"
        } catch (e: ScopaException) {
            Texts.error(e)
        }
    }

    private fun scheduleAiIfDue() {
        val m = match ?: return
        if (state.screen != Screen.PLAYING || state.aiPending) return
        val due = try {
            m.isAiTurn()
        } catch (e: ScopaException) {
            return report(Texts.error(e))
        }
        if (!due) return
        val gen = generation
        publish(state.copy(aiPending = true))
        pacer.schedule(aiDelayMillis) {
            if (gen != generation || match !== m) return@schedule
            publish(state.copy(aiPending = false))
            if (advance()) scheduleAiIfDue()
        }
    }

    private fun report(message: String, refresh: Boolean = false) {
        var view = state.view
        val m = match
        if (refresh && m != null) {
            try {
                view = m.view(humanSeat)
            } catch (e: ScopaException) {
                // Keep the last view; the message already says what went wrong.
            }
        }
        publish(state.copy(message = message, view = view))
    }

    private fun publish(s: UiState) {
        state = s
        for (l in listeners) l.onState(s)
    }

    companion object {
        const val DEFAULT_AI_DELAY_MILLIS = 900L
        const val MAX_PENDING_EVENTS = 200
    }
}
