// The Kotlin test of scopa-ffi, run on the JVM against the host libscopa_ffi.so through the
// generated bindings (package org.scopa.engine). Driven by scopa-ffi/tests/kotlin/run.sh.
// The Session API's tests are in SessionTest.kt.
//
// Arguments: zero or more `<seed>:<players>:<level>=<hash>` transcript hashes computed by the
// Rust side (cargo run -p scopa-ffi --example transcript); each must be reproduced here.
// Prints one line per test and a closing `ffi-kotlin: N passed, M failed`; exits 1 on failure.

import org.scopa.engine.*
import kotlin.system.exitProcess

var passed = 0
var failed = 0

fun test(name: String, body: () -> Unit) {
    try {
        body()
        passed++
        println("ok   $name")
    } catch (t: Throwable) {
        failed++
        println("FAIL $name: $t")
        t.printStackTrace(System.out)
    }
}

fun check(cond: Boolean, what: () -> String) {
    if (!cond) throw AssertionError(what())
}

fun <T> eq(actual: T, expected: T, what: String) {
    if (actual != expected) throw AssertionError("$what: expected <$expected>, got <$actual>")
}

/** Runs [block], which must throw exactly [E] with exactly [message]. */
inline fun <reified E : ScopaException> expectError(message: String, block: () -> Unit) {
    try {
        block()
    } catch (e: ScopaException) {
        if (e !is E) {
            throw AssertionError("expected ${E::class.qualifiedName}, got ${e::class.qualifiedName}: ${e.message}")
        }
        eq(e.message, message, "message of ${E::class.simpleName}")
        return
    }
    throw AssertionError("expected ${E::class.qualifiedName} ($message), nothing was thrown")
}

fun config(players: Int, ai: List<AiLevel?>, target: Int = 11, firstDealer: UInt? = null): GameConfig =
    GameConfig(defaultRules().copy(players = players.toUInt(), target = target.toUInt()), ai, firstDealer)

/** A scripted human: the legal move capturing the most cards, ties to the earliest. */
fun scripted(v: GameView): Move = v.legalMoves.maxByOrNull { it.capture.size }!!

/** Checks every seat's view against the engine's accounting. */
fun checkViews(m: ScopaMatch) {
    val players = m.config().rules.players
    val turn = m.turn()
    val over = m.isOver()
    for (seat in 0u until players) {
        val v = m.view(seat)
        eq(v.seat, seat, "view seat")
        eq(v.turn, turn, "turn")
        eq(v.isMyTurn, !over && seat == turn, "isMyTurn")
        eq(v.legalMoves.isEmpty(), !v.isMyTurn, "legal moves only on my turn")
        eq(v.hand.size.toUInt(), v.handSizes[seat.toInt()], "hand size")
        if (!over) {
            val cards = v.handSizes.sum() + v.table.size.toUInt() + v.sides.sumOf { it.pileSize } + v.deckLeft
            eq(cards, 40u, "cards in hands, table, piles and deck")
        }
    }
}

/** Plays a whole match: AI seats through playAi, human seats through [human]. */
fun playOut(m: ScopaMatch, human: (GameView) -> Move): Pair<UInt, List<UInt>> {
    var finished: Pair<UInt, List<UInt>>? = null
    var hands = 0
    while (!m.isOver()) {
        checkViews(m)
        val turn = m.turn()
        val events = if (m.isAiTurn()) m.playAi(turn) else m.play(turn, human(m.view(turn)))
        val first = events.first()
        check(first is GameEvent.Played && first.seat == turn) { "first event must be Played by $turn: $first" }
        val last = m.view(0u).lastPlay!!
        eq(GameEvent.Played(last.seat, last.move), first, "lastPlay")
        for (e in events) {
            when (e) {
                is GameEvent.HandFinished -> {
                    hands++
                    val cards = e.breakdown.sides.sumOf { it.cards }
                    eq(e.breakdown.sides.sumOf { it.pile.size }.toUInt(), cards, "pile sizes")
                    eq(m.view(0u).lastHand, e.breakdown, "lastHand")
                }
                is GameEvent.MatchFinished -> finished = e.winner to e.scores
                else -> {}
            }
        }
    }
    checkViews(m)
    val (winner, scores) = finished ?: throw AssertionError("no MatchFinished event")
    eq(m.winner(), winner, "winner")
    val target = m.config().rules.target
    check(scores[winner.toInt()] >= target) { "winner below target: $scores" }
    check(scores.withIndex().all { (i, s) -> i == winner.toInt() || s < scores[winner.toInt()] }) { "winner not strictly ahead: $scores" }
    check(hands >= 1) { "no hand finished" }
    return winner to scores
}

fun fnv1a(text: String): ULong {
    var h = 0xcbf29ce484222325uL
    for (b in text.toByteArray(Charsets.UTF_8)) {
        h = h xor (b.toUByte().toULong())
        h *= 0x100000001b3uL
    }
    return h
}

/** The transcript line of an event (format documented in scopa-ffi/src/transcript.rs). */
fun line(e: GameEvent): String? = when (e) {
    is GameEvent.Played -> "P${e.seat} ${e.move.card.code}" +
        (if (e.move.capture.isEmpty()) "" else " x " + e.move.capture.joinToString(" ") { it.code })
    is GameEvent.Scopa -> "S${e.seat}"
    is GameEvent.HandFinished -> "H " + e.breakdown.sides.joinToString("-") { it.total.toString() }
    is GameEvent.MatchFinished -> "W${e.winner} " + e.scores.joinToString("-")
    else -> null
}

fun transcript(players: Int, level: AiLevel, seed: ULong): String {
    val m = ScopaMatch(config(players, List(players) { level }), seed)
    val text = StringBuilder()
    while (!m.isOver()) {
        for (e in m.playAi(m.turn())) line(e)?.let { text.append(it).append('\n') }
    }
    m.close()
    return text.toString()
}

fun main(args: Array<String>) {
    test("defaults and card codes") {
        val r = defaultRules()
        eq(r, RulesConfig(2u, DealKind.STANDARD, 11u, PrimieraRule.CLASSIC, AceRule.PLAIN, false, false, true), "defaultRules")
        eq(cardFromCode("7d"), Card(Suit.DENARI, 7u, "7d"), "7d")
        eq(cardFromCode("10B"), Card(Suit.BASTONI, 10u, "10b"), "10B")
    }

    test("AI against AI, 2 players, whole match") {
        ScopaMatch(config(2, listOf(AiLevel.EASY, AiLevel.MEDIUM)), 2024uL).use { playOut(it) { error("no human seat") } }
    }

    test("AI against AI, 4 players, whole match") {
        ScopaMatch(config(4, listOf(AiLevel.RANDOM, AiLevel.EXPERT, AiLevel.HANDHELD, AiLevel.EASY)), 77uL).use {
            playOut(it) { error("no human seat") }
        }
    }

    test("scripted human against AI, 2 players, whole match") {
        ScopaMatch(config(2, listOf(null, AiLevel.EXPERT), firstDealer = 1u), 5uL).use { m ->
            eq(m.turn(), 0u, "seat 0 leads when seat 1 deals")
            eq(m.config().aiLevels, listOf(null, AiLevel.EXPERT), "config")
            playOut(m, ::scripted)
        }
    }

    test("scripted humans with AI partners, 4 players, whole match") {
        ScopaMatch(config(4, listOf(null, AiLevel.EASY, null, AiLevel.RANDOM)), 31uL).use { m ->
            val v = m.view(2u)
            eq(v.side, 0u, "seat 2 is on side 0")
            eq(v.sides.map { it.seats }, listOf(listOf(0u, 2u), listOf(1u, 3u)), "partners")
            playOut(m) { it.legalMoves.last() }
        }
    }

    test("save then restore: same view, same continuation") {
        for (players in listOf(2, 4)) {
            val ai = MutableList<AiLevel?>(players) { AiLevel.EASY }
            ai[1] = null
            val m = ScopaMatch(config(players, ai), 6uL)
            repeat(45) {
                val t = m.turn()
                if (m.isAiTurn()) m.playAi(t) else m.play(t, scripted(m.view(t)))
            }
            val bytes = m.save()
            eq(bytes.size, 364, "save size")
            val r = ScopaMatch.restore(bytes)
            check(r.save().contentEquals(bytes)) { "re-saved bytes differ" }
            eq(r.config(), m.config(), "config")
            eq(r.seed(), 6uL, "seed")
            eq(r.history(), m.history(), "history")
            while (!m.isOver()) {
                for (s in 0u until players.toUInt()) eq(r.view(s), m.view(s), "view of seat $s")
                val t = m.turn()
                if (m.isAiTurn()) {
                    eq(r.playAi(t), m.playAi(t), "AI events")
                } else {
                    val mv = scripted(m.view(t))
                    eq(r.play(t, mv), m.play(t, mv), "events")
                }
            }
            eq(r.view(0u), m.view(0u), "final view")
            r.close(); m.close()
        }
    }

    test("AI transcripts equal the Rust ones") {
        val specs = args.filter { !it.startsWith("session:") }
        check(specs.isNotEmpty()) { "no expected transcript hashes were given" }
        for (arg in specs) {
            val (spec, hash) = arg.split("=")
            val (seed, players, level) = spec.split(":")
            val t = transcript(players.toInt(), AiLevel.valueOf(level.uppercase()), seed.toULong())
            eq(fnv1a(t).toString(16).padStart(16, '0'), hash, "transcript hash of $spec")
            println("     transcript $spec: ${t.lines().size - 1} lines, hash $hash")
        }
    }

    test("hint and history") {
        ScopaMatch(config(2, listOf(null, null)), 42uL).use { m ->
            val t = m.turn()
            val h = m.hint(t)
            check(m.view(t).legalMoves.contains(h.move)) { "hint is not a legal move: $h" }
            check(h.explanation.isNotEmpty()) { "empty explanation" }
            val events = m.play(t, h.move)
            eq(events.first(), GameEvent.Played(t, h.move), "played event")
            eq(m.history(), listOf(PlayRecord(t, h.move)), "history")
        }
    }

    test("error InvalidConfig") {
        expectError<ScopaException.InvalidConfig>("invalid config: players must be 2, 3 or 4, not 5") {
            ScopaMatch(config(5, List(5) { null }), 1uL)
        }
        expectError<ScopaException.InvalidConfig>("invalid config: deal scopone needs 4 players, not 2") {
            ScopaMatch(GameConfig(defaultRules().copy(deal = DealKind.SCOPONE), listOf(null, null), null), 1uL)
        }
        expectError<ScopaException.InvalidConfig>("invalid config: target must be at least 1 point") {
            ScopaMatch(config(2, listOf(null, null), target = 0), 1uL)
        }
        expectError<ScopaException.InvalidConfig>(
            "invalid config: ai_levels has 2 entries but there are 3 players (one entry per seat, null for a human)"
        ) { ScopaMatch(config(3, listOf(null, null)), 1uL) }
        expectError<ScopaException.InvalidConfig>("invalid config: first dealer 2 is not a seat of a 2-player game") {
            ScopaMatch(config(2, listOf(null, null), firstDealer = 2u), 1uL)
        }
    }

    test("errors NoSuchSeat, NotYourTurn, CardNotInHand, IllegalCapture, InvalidCard, NotAiSeat") {
        ScopaMatch(config(2, listOf(null, AiLevel.EASY), firstDealer = 1u), 9uL).use { m ->
            val v0 = m.view(0u)
            expectError<ScopaException.NoSuchSeat>("there is no seat 2 in a 2-player game") { m.view(2u) }
            expectError<ScopaException.NoSuchSeat>("there is no seat 4294967295 in a 2-player game") { m.play(UInt.MAX_VALUE, v0.legalMoves[0]) }
            val notYours = "it is not seat 1's turn: seat 0 plays now"
            expectError<ScopaException.NotYourTurn>(notYours) { m.play(1u, v0.legalMoves[0]) }
            expectError<ScopaException.NotYourTurn>(notYours) { m.playAi(1u) }
            expectError<ScopaException.NotYourTurn>(notYours) { m.hint(1u) }
            val codes = (v0.hand + v0.table).map { it.code }.toSet()
            val all = Suit.values().flatMap { s -> (1..10).map { cardFromCode("$it${s.name[0].lowercaseChar()}") } }
            val foreign = all.first { it.code !in codes }
            expectError<ScopaException.CardNotInHand>("card ${foreign.code} is not in seat 0's hand") {
                m.play(0u, Move(foreign, emptyList()))
            }
            val mine = v0.hand[0]
            expectError<ScopaException.IllegalCapture>(
                "illegal capture: ${mine.code} cannot capture ${foreign.code}: not a legal capture on this table"
            ) { m.play(0u, Move(mine, listOf(foreign))) }
            expectError<ScopaException.InvalidCard>("invalid card: value 11 of coppe is not 1 to 10") {
                m.play(0u, Move(Card(Suit.COPPE, 11u, ""), emptyList()))
            }
            expectError<ScopaException.InvalidCard>(
                "invalid card: code \"7d\" does not match suit spade and value 3 (expected 3s or an empty code)"
            ) { m.play(0u, Move(Card(Suit.SPADE, 3u, "7d"), emptyList())) }
            expectError<ScopaException.InvalidCard>("invalid card: \"11x\": card suit must be d, c, s or b (denari, coppe, spade, bastoni)") {
                cardFromCode("11x")
            }
            expectError<ScopaException.NotAiSeat>("seat 0 is played by a human: play_ai needs a seat with an AI level") { m.playAi(0u) }
            eq(m.view(0u), v0, "nothing changed after refused calls")
        }
        // Laying a card that must capture.
        ScopaMatch(config(2, listOf(null, null)), 42uL).use { m ->
            while (true) {
                val t = m.turn()
                val v = m.view(t)
                val cap = v.legalMoves.firstOrNull { it.capture.isNotEmpty() }
                if (cap != null) {
                    expectError<ScopaException.IllegalCapture>(
                        "illegal capture: ${cap.card.code} cannot be laid on the table: it can capture, and a card that can capture must"
                    ) { m.play(t, Move(cap.card, emptyList())) }
                    break
                }
                m.play(t, v.legalMoves[0])
            }
        }
    }

    test("errors MatchOver and CorruptSave") {
        ScopaMatch(config(2, listOf(null, AiLevel.RANDOM), target = 1), 3uL).use { m ->
            playOut(m, ::scripted)
            val over = "the match is over: side ${m.winner()} won"
            expectError<ScopaException.MatchOver>(over) { m.play(m.turn(), Move(cardFromCode("7d"), emptyList())) }
            expectError<ScopaException.MatchOver>(over) { m.playAi(1u) }
            expectError<ScopaException.MatchOver>(over) { m.hint(0u) }
            expectError<ScopaException.CorruptSave>("corrupt save: a save is 364 bytes, these are 0") { ScopaMatch.restore(ByteArray(0)) }
            val bad = m.save(); bad[0] = 'X'.code.toByte()
            expectError<ScopaException.CorruptSave>("corrupt save: not a scopa-ffi save (bad magic bytes)") { ScopaMatch.restore(bad) }
            val damaged = m.save(); damaged[100] = (damaged[100].toInt() xor 1).toByte()
            expectError<ScopaException.CorruptSave>("corrupt save: the save is damaged (checksum mismatch)") { ScopaMatch.restore(damaged) }
        }
    }

    test("error Internal: a panic is caught, the lock is poisoned, save still works") {
        expectError<ScopaException.Internal>("internal error in scopa-ffi (please report it): test_panic panicked: on purpose") {
            testPanic("on purpose")
        }
        ScopaMatch(config(2, listOf(null, null)), 42uL).use { m ->
            val v = m.view(0u)
            val saved = m.save()
            expectError<ScopaException.Internal>(
                "internal error in scopa-ffi (please report it): ScopaMatch.test_panic_holding_lock panicked: test hook: panic while holding the match lock"
            ) { m.testPanicHoldingLock() }
            expectError<ScopaException.Internal>(
                "internal error in scopa-ffi (please report it): an earlier call panicked inside this match; save() still works: restore a new match from its bytes"
            ) { m.view(0u) }
            check(m.save().contentEquals(saved)) { "save after the panic differs" }
            ScopaMatch.restore(m.save()).use { eq(it.view(0u), v, "restored view") }
        }
    }

    test("one match shared by four threads") {
        ScopaMatch(config(4, List(4) { AiLevel.RANDOM }), 8uL).use { m ->
            val errors = java.util.concurrent.atomic.AtomicInteger()
            val threads = (0u until 4u).map { seat ->
                Thread {
                    while (!m.isOver()) {
                        try { m.playAi(seat) } catch (e: ScopaException.NotYourTurn) { Thread.yield() }
                        catch (e: ScopaException.MatchOver) { }
                        catch (e: Throwable) { println("     thread $seat: $e"); errors.incrementAndGet() }
                    }
                }
            }
            threads.forEach { it.start() }
            threads.forEach { it.join() }
            eq(errors.get(), 0, "unexpected errors")
            check(m.isOver()) { "match not over" }
        }
    }

    // A benchmark, not a test: it prints the figures and has no time limit (wall-clock times
    // depend on the machine and its load); it fails only if a call fails.
    test("round trip (benchmark, printed): median view + play from Kotlin") {
        // All seats human, the first legal move each time; a warm-up, then 20000 samples of
        // view(seat to play) + play(that seat, a move of the view).
        val samples = ArrayList<Long>()
        val viewOnly = ArrayList<Long>()
        var seed = 1000uL
        for (phase in 0..1) {
            var n = 0
            while (n < (if (phase == 0) 5000 else 20000)) {
                ScopaMatch(config(2, listOf(null, null)), seed++).use { m ->
                    var turn = m.turn()
                    while (!m.isOver()) {
                        val t0 = System.nanoTime()
                        val v = m.view(turn)
                        val t1 = System.nanoTime()
                        m.play(turn, v.legalMoves[0])
                        val t2 = System.nanoTime()
                        if (phase == 1) { samples.add(t2 - t0); viewOnly.add(t1 - t0) }
                        n++
                        turn = m.turn()
                    }
                }
            }
        }
        samples.sort(); viewOnly.sort()
        val median = samples[samples.size / 2] / 1000.0
        val p90 = samples[samples.size * 9 / 10] / 1000.0
        println("     round trip view + play, ${samples.size} samples: median %.1f µs (goal 50 µs: %s), p90 %.1f µs; view alone median %.1f µs"
            .format(median, if (median <= 50.0) "met" else "missed", p90, viewOnly[viewOnly.size / 2] / 1000.0))
    }

    sessionTests(args)

    println("ffi-kotlin: $passed passed, $failed failed")
    exitProcess(if (failed == 0) 0 else 1)
}
