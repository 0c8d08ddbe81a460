package org.scopa.app.controller

import org.scopa.engine.AiLevel
import org.scopa.engine.Frame
import org.scopa.engine.SessionSettings
import org.scopa.engine.UiTexts
import org.scopa.engine.maxSeats

/** The screen the UI shows; on the table, the [Frame] says the rest. */
enum class Screen { SETTINGS, TABLE }

/**
 * Everything the UI draws, published after every change: the engine's [frame] (the table,
 * its texts, choices, buttons, banner, events, refusal and save error), plus the screen, the
 * settings being edited and the last [message] (a save that could not be restored, settings
 * that cannot be played).
 */
data class UiState(
    val screen: Screen,
    /** What the settings screen edits ([maxSeats] seats, 8; the first `rules.players` are used). */
    val settings: SessionSettings,
    /** Why [settings] cannot be played, in the system language (null: they can). */
    val settingsError: String? = null,
    /** The fixed words in the system language. */
    val texts: UiTexts,
    /** The table (null before the first match). */
    val frame: Frame? = null,
    val message: String? = null,
) {
    /** A match is in progress (the settings screen offers to resume it). */
    val canResume: Boolean get() = frame?.over == false
}

/** The same settings for [players] players: new seats are the computer at the current level. */
fun SessionSettings.withPlayers(players: Int): SessionSettings {
    val level = aiLevel()
    val used = rules.players.toInt()
    return copy(
        rules = rules.copy(players = players.toUInt()),
        seats = List(maxSeats().toInt()) { i -> if (i < used) seats.getOrNull(i) else if (i < players) level else null },
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
