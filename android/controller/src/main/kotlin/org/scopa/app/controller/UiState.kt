package org.scopa.app.controller

import org.scopa.engine.AiLevel
import org.scopa.engine.HandSummary
import org.scopa.engine.Phase
import org.scopa.engine.SessionEvent
import org.scopa.engine.SessionHint
import org.scopa.engine.SessionNames
import org.scopa.engine.SessionSettings
import org.scopa.engine.TableState
import org.scopa.engine.UiTexts

/** The screen the UI shows; on the table, the session's [Phase] says the rest. */
enum class Screen { SETTINGS, TABLE }

/** An event of the session not yet animated, with its caption in the session's language. */
data class ShownEvent(val event: SessionEvent, val text: String)

/**
 * Everything the UI draws, published after every change. The game itself is the session's
 * ([table] with its prompt, [summary], [names], [captureOptions]); the controller adds the screen,
 * the settings being edited, the queue of [events] to animate and the last [message].
 */
data class UiState(
    val screen: Screen,
    /** What the settings screen edits (4 seats; the first `rules.players` are used). */
    val settings: SessionSettings,
    /** Why [settings] cannot be played, in the system language (null: they can). */
    val settingsError: String? = null,
    /** The fixed words in the system language. */
    val texts: UiTexts,
    /** The session's compact state (null before the first match). */
    val table: TableState? = null,
    val names: SessionNames? = null,
    /** In [Phase.ChooseCapture], the captures to choose from (card sets). */
    val captureOptions: List<ULong> = emptyList(),
    /** The last finished hand, shown on [Phase.HandSummary] and [Phase.MatchOver]. */
    val summary: HandSummary? = null,
    /** Events not yet animated, oldest first; acknowledge with [GameController.eventsShown]. */
    val events: List<ShownEvent> = emptyList(),
    val hint: SessionHint? = null,
    /** The last thing that went wrong, in words for the player (null: nothing to report). */
    val message: String? = null,
) {
    val phase: Phase? get() = table?.phase

    /** What the session waits for, as a sentence. */
    val prompt: String get() = table?.prompt ?: ""

    /** A person may choose a card (or a capture) now. */
    val canPlay: Boolean get() = phase is Phase.Play || phase is Phase.ChooseCapture

    /** A match is in progress (the settings screen offers to resume it). */
    val canResume: Boolean get() = table != null && phase !is Phase.MatchOver
}

/** The cards of a set (bit i = card i, as the session gives them), in canonical order. */
fun cardsOf(mask: ULong): List<UByte> = (0 until 40).filter { mask and (1uL shl it) != 0uL }.map { it.toUByte() }

/** The set holding [card]. */
fun maskOf(card: UByte): ULong = 1uL shl card.toInt()

/** The same settings for [players] players: new seats are the computer at the current level. */
fun SessionSettings.withPlayers(players: Int): SessionSettings {
    val level = aiLevel()
    val used = rules.players.toInt()
    return copy(
        rules = rules.copy(players = players.toUInt()),
        seats = List(4) { i -> if (i < used) seats.getOrNull(i) else if (i < players) level else null },
    )
}

/** The same settings with [seat] played by a person (null) or the computer at [aiLevel]. */
fun SessionSettings.withSeat(seat: Int, level: AiLevel?): SessionSettings =
    copy(seats = seats.toMutableList().also { it[seat] = level })

/** The same settings with every computer seat at [level]. */
fun SessionSettings.withAiLevel(level: AiLevel): SessionSettings = copy(seats = seats.map { it?.let { level } })

/** The level of the computer seats (the first one's; expert if none). */
fun SessionSettings.aiLevel(): AiLevel = seats.firstNotNullOfOrNull { it } ?: AiLevel.EXPERT

/** Receives every new [UiState]. */
fun interface StateListener {
    fun onState(state: UiState)
}
