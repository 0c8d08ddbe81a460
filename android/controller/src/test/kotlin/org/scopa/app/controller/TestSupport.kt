package org.scopa.app.controller

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.scopa.engine.AiLevel
import org.scopa.engine.BannerKind
import org.scopa.engine.Frame
import org.scopa.engine.Lang
import org.scopa.engine.SessionSettings
import org.scopa.engine.defaultRules
import org.scopa.engine.maxSeats
import org.scopa.engine.unattendedPacing

/** A pacer the test runs by hand: nothing happens until [runNext]. */
class ManualPacer : Pacer {
    val pending = ArrayDeque<Pair<Long, () -> Unit>>()

    override fun schedule(delayMillis: Long, action: () -> Unit) {
        pending.addLast(delayMillis to action)
    }

    fun runNext(): Boolean {
        val (_, action) = pending.removeFirstOrNull() ?: return false
        action()
        return true
    }
}

/** The card a person taps when the hand is shown: [firstCard], or the hint's. */
typealias Strategy = (GameController) -> UByte

val firstCard: Strategy = { c -> c.frame.playable.first().card.card }
val hinted: Strategy = { c ->
    c.press(Command.HINT)
    c.frame.hintCard ?: error("no hint: ${c.frame.refusal}")
}

/** Every frame a controller published and the transcript lines of their events. */
class Recorder : StateListener {
    val frames = mutableListOf<Frame>()
    val lines = mutableListOf<String>()
    override fun onState(state: UiState) {
        val f = state.frame ?: return
        if (frames.lastOrNull() === f) return
        frames += f
        lines += f.events.flatMap { it.line.split('\n') }
    }
}

/** What a session driven to its end produced. */
class Run(var plays: Int = 0, var handOffs: Int = 0, var summaries: Int = 0)

fun settings(players: Int, vararg seats: AiLevel?): SessionSettings =
    SessionSettings(defaultRules().copy(players = players.toUInt()), seatList(*seats), false, Lang.EN)

/** [seats], then `null` up to [maxSeats] (8): the seats of settings as the session gives them back. */
fun seatList(vararg seats: AiLevel?): List<AiLevel?> = seats.toList() + List(maxSeats().toInt() - seats.size) { null }

/** A controller without delays (each timer still goes through [pacer]), recorded by [rec]. */
fun newController(
    store: SaveStore = InMemorySaveStore(),
    pacer: Pacer = ManualPacer(),
    lang: Lang = Lang.EN,
    rec: Recorder = Recorder(),
): GameController = GameController(store = store, pacer = pacer, lang = lang, pacing = unattendedPacing().copy(attended = true))
    .also { it.addListener(rec) }

val GameController.frame: Frame get() = state.frame ?: error("no frame")

/**
 * One step of the players, as the UI would take it: the due timers run, then a person taps
 * a card (the capture choice: option [captureIndex]) or the banner's button. False at the end.
 */
fun GameController.step(run: Run, pacer: ManualPacer, strategy: Strategy, captureIndex: Int = 0): Boolean {
    while (pacer.runNext()) {}
    state.message?.let { fail("unexpected message: $it") }
    val f = frame
    f.refusal?.let { fail("refused: $it") }
    when {
        f.over -> return false
        f.playable.isNotEmpty() -> {
            assertEquals("the hand shown is the player's", f.turn, f.viewer)
            select(strategy(this))
            if (frame.captureOptions.isNotEmpty()) chooseCapture(captureIndex)
            run.plays++
        }
        f.captureOptions.isNotEmpty() -> chooseCapture(captureIndex)
        f.banner?.kind is BannerKind.HandOver -> {
            assertTrue("a summary on the summary screen", f.summary != null)
            run.summaries++
            press(Command.PROCEED)
        }
        f.banner?.kind is BannerKind.HandOff -> {
            assertTrue("no cards while the device is handed over", f.hand.isEmpty())
            run.handOffs++
            press(Command.PROCEED)
        }
        else -> assertTrue("a timer is due: ${f.status}", f.dueMs != null && pacer.pending.isNotEmpty())
    }
    return true
}

/** Plays the match to its end. */
fun GameController.playToEnd(pacer: ManualPacer, strategy: Strategy = firstCard, run: Run = Run(), maxSteps: Int = 10000): Run {
    var steps = 0
    while (step(run, pacer, strategy)) {
        if (++steps > maxSteps) fail("the match did not end in $maxSteps steps")
    }
    return run
}

/** What every finished match satisfies, from the transcript lines and the last frame. */
fun checkFinishedMatch(c: GameController, rec: Recorder, run: Run) {
    val f = c.frame
    assertTrue("the match is over: ${f.banner}", f.banner?.kind is BannerKind.MatchOver)
    assertTrue(f.has(Command.REMATCH))
    val winner = rec.lines.last()
    assertTrue(winner, winner.startsWith("winner "))
    // "winner W scores A B …": the hands' totals add up to the final scores.
    val scores = winner.substringAfter(" scores ").split(' ').map { it.toInt() }
    val totals = rec.lines.filter { it.startsWith("score ") }.map { it.split(' ') }
    for (side in f.sides.indices) {
        assertEquals("side $side", scores[side], totals.filter { it[1] == "$side" }.sumOf { it.last().toInt() })
        assertEquals(scores[side], f.sides[side].score.toInt())
    }
    assertTrue("winner reached the target", scores.max() >= f.target.toInt())
    // Every hand was summarised on its own screen (the last one stays on the match-over screen).
    assertEquals(totals.size / f.sides.size, run.summaries)
    assertTrue(f.summary != null)
    assertTrue(f.status, f.status.isNotBlank())
}
