package org.scopa.app.controller

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.scopa.engine.AiLevel
import org.scopa.engine.Lang
import org.scopa.engine.Phase
import org.scopa.engine.SessionEvent
import org.scopa.engine.SessionSettings
import org.scopa.engine.defaultRules

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

/** The card a person taps when the hand is shown: [first] card, or the hint's. */
typealias Strategy = (GameController) -> UByte

val firstCard: Strategy = { c -> cardsOf(c.state.table!!.hand).first() }
val hinted: Strategy = { c ->
    c.requestHint()
    c.state.hint?.card ?: error("no hint: ${c.state.message}")
}

/** What a session driven to its end produced. */
class Run(
    val events: MutableList<SessionEvent> = mutableListOf(),
    val summaries: MutableList<Int> = mutableListOf(),
    var plays: Int = 0,
    var handOffs: Int = 0,
)

fun settings(players: Int, vararg seats: AiLevel?): SessionSettings =
    SessionSettings(defaultRules().copy(players = players.toUInt()), seats.toList() + List(4 - seats.size) { null }, false, Lang.EN)

fun newController(
    store: SaveStore = InMemorySaveStore(),
    pacer: Pacer = ManualPacer(),
    lang: Lang = Lang.EN,
): GameController = GameController(store = store, pacer = pacer, lang = lang, aiDelayMillis = 0, bannerMillis = 0)

/** Takes the events the UI would animate, oldest first, and acknowledges them. */
fun GameController.drainEvents(into: MutableList<SessionEvent>) {
    val evs = state.events
    into += evs.map { it.event }
    eventsShown(evs.size)
}

/**
 * One step of the players, as the UI would take it: the due timers run (AI plays, the scopa
 * banner), then a person taps — a card of their hand (the capture choice: option
 * [captureIndex]), or continue on the hand summary and the hand-over. Returns false at the
 * end of the match.
 */
fun GameController.step(run: Run, pacer: ManualPacer, strategy: Strategy, captureIndex: Int = 0): Boolean {
    while (pacer.runNext()) drainEvents(run.events)
    drainEvents(run.events)
    state.message?.let { fail("unexpected message: $it") }
    when (val p = state.phase) {
        is Phase.MatchOver -> return false
        is Phase.Play -> {
            assertEquals("the hand shown is the player's", p.seat, state.table!!.viewer)
            select(strategy(this))
            if (state.phase is Phase.ChooseCapture) chooseCapture(captureIndex)
            run.plays++
        }
        is Phase.ChooseCapture -> chooseCapture(captureIndex)
        is Phase.HandSummary -> {
            assertTrue("a summary on the summary screen", state.summary!!.rows.isNotEmpty())
            run.summaries += run.events.size
            proceed()
        }
        is Phase.HandOff -> {
            assertEquals("no cards while the device is handed over", 0uL, state.table!!.hand)
            run.handOffs++
            proceed()
        }
        is Phase.AiDue, is Phase.Scopa -> assertTrue("a timer is due in ${state.phase}", pacer.pending.isNotEmpty())
        null -> fail("no session")
    }
    return true
}

/** Plays the match to its end. */
fun GameController.playToEnd(pacer: ManualPacer, strategy: Strategy = firstCard, run: Run = Run(), maxSteps: Int = 10000): Run {
    var steps = 0
    while (step(run, pacer, strategy)) {
        if (++steps > maxSteps) fail("the match did not end in $maxSteps steps")
    }
    drainEvents(run.events)
    return run
}

/** What every finished match satisfies, from the events and the final state. */
fun checkFinishedMatch(c: GameController, run: Run) {
    val s = c.state
    val over = s.phase as Phase.MatchOver
    val finished = run.events.last() as SessionEvent.MatchFinished
    assertEquals(over.winner, finished.winner)
    val target = s.settings.rules.target.toInt()
    assertTrue("winner reached the target", finished.scores[finished.winner.toInt()].toInt() >= target)
    // The hands' totals add up to the final scores.
    val hands = run.events.filterIsInstance<SessionEvent.HandFinished>()
    for (side in finished.scores.indices) {
        assertEquals("side $side", finished.scores[side].toInt(), hands.sumOf { it.sides[side].total.toInt() })
    }
    // Every hand was summarised on its own screen (the last one stays on the match-over
    // screen).
    assertEquals(hands.size, run.summaries.size)
    assertTrue(s.summary!!.rows.isNotEmpty())
    assertTrue(s.prompt, s.prompt.isNotBlank())
}
