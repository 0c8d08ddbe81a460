package org.scopa.app.controller

import org.scopa.engine.Card
import org.scopa.engine.GameEvent
import org.scopa.engine.GameView
import org.scopa.engine.HandBreakdown
import org.scopa.engine.Hint
import org.scopa.engine.Move

/** The screen the UI shows. */
enum class Screen {
    /** Choosing players, rules, AI level and target before a match. */
    SETTINGS,

    /** The match: table, hand, scores; the human plays when it is their turn. */
    PLAYING,

    /** The selected card has several captures: the player picks one of [UiState.captureOptions]. */
    CHOOSING_CAPTURE,

    /** A hand ended: its breakdown ([UiState.handBreakdown]) until the player continues. */
    HAND_SUMMARY,

    /** The match ended: [UiState.winnerSide] and [UiState.finalScores]. */
    MATCH_OVER,
}

/** A hint for the human: the move, and a sentence saying what it does and why. */
data class HintInfo(val move: Move, val text: String, val hint: Hint)

/**
 * Everything the UI draws. Immutable: the controller publishes a new one on every change.
 *
 * [events] are the engine's events not yet animated, oldest first; the UI animates them in
 * order and calls [GameController.eventsShown] with how many it has shown.
 */
data class UiState(
    val screen: Screen,
    val settings: Settings,
    /** The human seat's view of the match (null before the first match). */
    val view: GameView? = null,
    val selectedCard: Card? = null,
    val captureOptions: List<Move> = emptyList(),
    val events: List<GameEvent> = emptyList(),
    /** The last thing that went wrong, in words for the player (null: nothing to report). */
    val message: String? = null,
    val hint: HintInfo? = null,
    /** An AI play is scheduled (the UI may show who is thinking). */
    val aiPending: Boolean = false,
    val handBreakdown: HandBreakdown? = null,
    val winnerSide: Int? = null,
    val finalScores: List<Int> = emptyList(),
) {
    /** The human may select a card now. */
    val canPlay: Boolean
        get() = (screen == Screen.PLAYING || screen == Screen.CHOOSING_CAPTURE) && view?.isMyTurn == true
}

/** Receives every new [UiState]. */
fun interface StateListener {
    fun onState(state: UiState)
}
