// The Kotlin tests of scopa-ffi's GameController: the engine's whole flow behind three
// foreign traits implemented here as an app implements them (called from FfiTest.kt's
// main with its test / check / eq helpers).

import org.scopa.engine.*

/** A store in memory; [broken] makes every write fail. */
class MemoryStore : SaveStore {
    val saves = mutableListOf<ByteArray>()
    var broken = false
    override fun write(bytes: ByteArray) {
        if (broken) throw StoreException.Failed("disk full")
        saves += bytes
    }
}

/** The app's timer and screen: the last delay asked for, every frame received. */
class Platform : Timer, FrameListener {
    var due: Pair<UInt, UInt>? = null
    val frames = mutableListOf<Frame>()
    var receivedAt = 0L
    override fun schedule(afterMs: UInt, token: UInt) { due = afterMs to token }
    override fun onFrame(frame: Frame) {
        receivedAt = System.nanoTime()
        frames += frame
    }
    val last: Frame get() = frames.last()
}

/** The cards of the hand the viewer may play now (empty: nothing to play). */
val Frame.playable: List<CardChoice> get() = (choices as? Choices.Cards)?.cards ?: emptyList()
/** The capture options open now. */
val Frame.captureOptions: List<CaptureOption> get() = (choices as? Choices.Captures)?.options ?: emptyList()
/** The delay running (null: the session waits for a person). */
val Frame.dueMs: UInt? get() = (next as? Next.Due)?.v1?.afterMs

fun controller(settings: SessionSettings, seed: ULong, store: MemoryStore, p: Platform, pacing: Pacing = appsPacing()) =
    GameController(settings, seed, pacing, store, p, p).also { it.resume() }

/** One step as a person would take it (the first card, the first capture, the timer, continue); false at the end. */
fun step(c: GameController, p: Platform): Boolean {
    val f = p.last
    when {
        f.over -> return false
        f.dueMs != null -> c.fire(p.due!!.second.also { p.due = null })
        f.playable.isNotEmpty() -> c.select(f.playable.first().card.card)
        f.captureOptions.isNotEmpty() -> c.capture(0u)
        else -> c.proceed()
    }
    return true
}

fun controllerTests(args: Array<String>) {
    test("controller: a whole match, one save and one frame per change") {
        val store = MemoryStore()
        val p = Platform()
        val c = controller(sessionSettings(2, listOf(null, AiLevel.EASY)), 42uL, store, p)
        eq(store.saves.size, 1, "a new session is saved at once")
        check(p.last.events.first().text.startsWith("Hand 1")) { "the deal first: ${p.last.events}" }
        var changes = 0
        while (true) {
            val frames = p.frames.size
            val saves = store.saves.size
            if (!step(c, p)) break
            eq(p.frames.size, frames + 1, "one frame per change")
            eq(store.saves.size, saves + 1, "one save per change")
            check(store.saves.last().contentEquals(c.save())) { "the store holds the session" }
            changes++
        }
        check(changes > 20) { "$changes changes" }
        check(p.last.banner?.kind is BannerKind.MatchOver) { "match over: ${p.last.banner}" }
        eq(p.last.offers.rematch, true, "a rematch is offered")
        check(p.frames.flatMap { it.events }.last().line.startsWith("winner ")) { "the last event" }
    }

    test("controller: watch-mode transcripts equal the Rust ones") {
        val specs = args.filter { it.startsWith("session:") }
        check(specs.isNotEmpty()) { "no transcript hashes given" }
        for (arg in specs) {
            val (spec, hash) = arg.removePrefix("session:").split("=")
            val (seed, players, level) = spec.split(":")
            val settings = sessionSettings(players.toInt(), List<AiLevel?>(players.toInt()) { AiLevel.valueOf(level.uppercase()) })
            val p = Platform()
            val c = controller(settings, seed.toULong(), MemoryStore(), p, unattendedPacing())
            while (step(c, p)) {}
            val text = (listOf(transcriptStart(settings)) + p.frames.flatMap { f -> f.events.map { it.line } }).joinToString("\n") + "\n"
            eq(fnv1a(text).toString(16).padStart(16, '0'), hash, "transcript of $spec")
            println("     controller transcript $spec: hash $hash")
        }
    }

    test("controller: stale timers do nothing; a failed save shows and is written later") {
        val store = MemoryStore()
        val p = Platform()
        // A seed where the AI leads: its delay is armed at once.
        var seed = 1uL
        var c = controller(sessionSettings(2, listOf(AiLevel.EASY, null)), seed, store, p)
        while (p.due == null) c = controller(sessionSettings(2, listOf(AiLevel.EASY, null)), ++seed, store, p)
        val (after, token) = p.due!!
        eq(after, 900u, "the AI's pause")
        val frames = p.frames.size
        c.fire(token + 7u)
        eq(p.frames.size, frames, "a stale token: no frame")
        store.broken = true
        c.fire(token)
        eq(p.last.saveError, "The match could not be saved: disk full", "save error")
        store.broken = false
        c.resume()
        eq(p.last.saveError, null, "written at the next chance")
        while (p.last.playable.isEmpty()) c.fire(p.due!!.second)
        check(store.saves.last().contentEquals(c.save())) { "the owed save" }
        expectSession<SessionException.InvalidCard>("card index 40 is not 0 to 39") { c.select(40u) }
        c.proceed()
        eq(p.last.refusal, "Continuing is not possible now: Your turn: play a card.", "a refusal shows in the frame")
        expectSession<SessionException.Internal>(
            "internal error in scopa-ffi (please report it): GameController.test_panic_holding_lock panicked: test hook: panic while holding the controller lock"
        ) { c.testPanicHoldingLock() }
        c.select(p.last.playable.first().card.card)
        eq(p.last.refusal, null, "the controller goes on after a panic")
    }

    test("controller: a tap (select until the listener has the frame), median from Kotlin") {
        // Two people (pass-and-play): per play, select(first card) until on_frame has the
        // new frame is measured; hand-overs and capture choices are played unmeasured.
        val samples = ArrayList<Long>()
        var seed = 1000uL
        val settings = sessionSettings(2, listOf(null, null))
        for (phase in 0..1) {
            var n = 0
            while (n < (if (phase == 0) 5000 else 20000)) {
                val p = Platform()
                val c = controller(settings, seed++, MemoryStore(), p)
                while (true) {
                    val f = p.last
                    when {
                        f.over -> break
                        f.playable.isNotEmpty() -> {
                            val t0 = System.nanoTime()
                            c.select(f.playable.first().card.card)
                            if (phase == 1) samples.add(p.receivedAt - t0)
                            n++
                        }
                        f.captureOptions.isNotEmpty() -> c.capture(0u)
                        f.dueMs != null -> c.fire(p.due!!.second)
                        else -> c.proceed()
                    }
                }
                c.close()
            }
        }
        samples.sort()
        val median = samples[samples.size / 2] / 1000.0
        println("     tap (select + on_frame), ${samples.size} samples: median %.1f µs (goal 50 µs: %s), p90 %.1f µs"
            .format(median, if (median <= 50.0) "met" else "missed", samples[samples.size * 9 / 10] / 1000.0))
    }
}
