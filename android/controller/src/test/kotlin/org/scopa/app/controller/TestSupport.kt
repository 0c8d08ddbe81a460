package org.scopa.app.controller

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.scopa.engine.GameEvent
import org.scopa.engine.GameView
import org.scopa.engine.HandBreakdown
import org.scopa.engine.Move

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

    /** Runs every pending action (and those they schedule); returns how many ran. */
    fun runAll(): Int {
        var n = 0
        while (runNext()) n++
        return n
    }
}

/** A human strategy: the move to play in a view where it is the human's turn. */
typealias Strategy = (GameView) -> Move

val firstLegal: Strategy = { it.legalMoves.first() }
val mostCards: Strategy = { v -> v.legalMoves.maxByOrNull { it.capture.size }!! }

/** What a match driven to its end produced. */
class Run(
    val events: MutableList<GameEvent> = mutableListOf(),
    val hands: MutableList<HandBreakdown> = mutableListOf(),
    var humanPlays: Int = 0,
)

fun newController(
    store: SaveStore = InMemorySaveStore(),
    pacer: Pacer = ImmediatePacer(),
): GameController = GameController(store = store, pacer = pacer, aiDelayMillis = 0)

/** Takes the events the UI would animate, oldest first, and acknowledges them. */
fun GameController.drainEvents(into: MutableList<GameEvent>) {
    val evs = state.events
    into += evs
    eventsShown(evs.size)
}

/** Plays the human's move [mv] the way the UI does: tap the card, then pick the capture if asked. */
fun GameController.playLikeUi(mv: Move) {
    selectCard(mv.card)
    if (state.screen == Screen.CHOOSING_CAPTURE) {
        val i = state.captureOptions.indexOf(mv)
        assertTrue("the move $mv is among the options ${state.captureOptions}", i >= 0)
        chooseCapture(i)
    }
}

/**
 * One step of the player: acknowledges events, continues after a hand summary, or plays
 * the human's move. Returns false once the match is over.
 */
fun GameController.step(run: Run, strategy: Strategy): Boolean {
    drainEvents(run.events)
    val s = state
    if (s.message != null) fail("unexpected message: ${s.message}")
    when (s.screen) {
        Screen.MATCH_OVER -> return false
        Screen.HAND_SUMMARY -> {
            run.hands += s.handBreakdown ?: error("hand summary without a breakdown")
            continueAfterHand()
        }
        Screen.PLAYING -> {
            val v = s.view!!
            if (!v.isMyTurn) fail("the human is not to play and no AI is pending: turn ${v.turn}, aiPending ${s.aiPending}")
            playLikeUi(strategy(v))
            run.humanPlays++
        }
        else -> fail("unexpected screen ${s.screen}")
    }
    return true
}

/**
 * Plays the match to its end with [strategy] for the human. With a [pacer], its pending AI
 * plays are run before each step and each one's duration (AI move + autosave, what the UI
 * thread spends) is added to [aiNanos].
 */
fun GameController.playToEnd(
    strategy: Strategy,
    run: Run = Run(),
    maxSteps: Int = 5000,
    pacer: ManualPacer? = null,
    aiNanos: MutableList<Long>? = null,
): Run {
    var steps = 0
    while (true) {
        while (pacer != null && pacer.pending.isNotEmpty()) {
            val t0 = System.nanoTime()
            pacer.runNext()
            aiNanos?.add(System.nanoTime() - t0)
        }
        if (!step(run, strategy)) break
        if (++steps > maxSteps) fail("the match did not end in $maxSteps steps")
    }
    drainEvents(run.events)
    // The last hand's breakdown is shown on the match-over screen.
    run.hands += state.handBreakdown ?: error("match over without the last hand's breakdown")
    return run
}

/** Checks what every finished match must satisfy, from the events alone. */
fun checkFinishedMatch(c: GameController, run: Run, players: Int) {
    val s = c.state
    val v = s.view!!
    val sides = if (players == 4) 2 else players
    val target = s.settings.target
    assertEquals(Screen.MATCH_OVER, s.screen)
    assertTrue(v.isOver)
    val winner = s.winnerSide!!
    assertEquals(v.winner?.toInt(), winner)
    assertEquals(sides, s.finalScores.size)
    // The winner reached the target and is strictly ahead.
    assertTrue("winner ${s.finalScores[winner]} >= target $target", s.finalScores[winner] >= target)
    s.finalScores.forEachIndexed { side, score -> if (side != winner) assertTrue(score < s.finalScores[winner]) }
    // The breakdowns of the hands add up to the final scores.
    val hands = run.events.filterIsInstance<GameEvent.HandFinished>().map { it.breakdown }
    assertEquals(hands, run.hands)
    for (side in 0 until sides) {
        assertEquals("side $side total", s.finalScores[side], hands.sumOf { h -> h.sides[side].total.toInt() })
    }
    // Every hand has its 36 plays (standard deal), in seat order, and the human played theirs.
    val played = run.events.filterIsInstance<GameEvent.Played>()
    assertEquals(36 * hands.size, played.size)
    assertEquals(played.count { it.seat == c.humanSeat }, run.humanPlays)
    val newHands = run.events.filterIsInstance<GameEvent.NewHand>()
    assertEquals(hands.size - 1, newHands.size)
    assertEquals(1, run.events.count { it is GameEvent.MatchFinished })
    assertTrue(run.events.last() is GameEvent.MatchFinished)
    var expected: UInt? = null
    for (e in run.events) {
        when (e) {
            is GameEvent.Played -> {
                if (expected != null) assertEquals("play order", expected, e.seat)
                expected = (e.seat + 1u) % players.toUInt()
            }
            is GameEvent.NewHand -> expected = (e.dealer + 1u) % players.toUInt()
            else -> {}
        }
    }
}
