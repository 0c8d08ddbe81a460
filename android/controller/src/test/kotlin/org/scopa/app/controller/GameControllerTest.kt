package org.scopa.app.controller

import java.io.File
import java.nio.file.Files
import org.junit.After
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.scopa.engine.AceRule
import org.scopa.engine.AiLevel
import org.scopa.engine.DealKind
import org.scopa.engine.Lang
import org.scopa.engine.Phase
import org.scopa.engine.PrimieraRule
import org.scopa.engine.Session
import org.scopa.engine.SessionEvent

class GameControllerTest {
    private val tempDirs = mutableListOf<File>()

    private fun tempDir(): File = Files.createTempDirectory("scopa-apps-test").toFile().also { tempDirs += it }

    @After
    fun removeTempDirs() {
        tempDirs.forEach { it.deleteRecursively() }
    }

    @Test
    fun aWholeMatchFollowingTheHintSavesTheSessionAfterEveryChange() {
        val store = InMemorySaveStore()
        val pacer = ManualPacer()
        val c = newController(store, pacer)
        assertTrue(c.newMatch(settings(2, null, AiLevel.MEDIUM), seed = 11u))
        assertEquals(Screen.TABLE, c.state.screen)
        assertEquals(listOf("You", "Player 2"), c.state.names!!.seats)
        val run = Run()
        var steps = 0
        while (c.step(run, pacer, hinted)) {
            // What is on the disk is the session, always.
            assertArrayEquals(c.currentSave(), store.bytes)
            assertTrue(++steps < 10000)
        }
        c.drainEvents(run.events)
        checkFinishedMatch(c, run)
        assertEquals(store.writes, c.savesWritten)
        assertTrue("a save per change: ${store.writes} for ${run.events.size} events", store.writes > run.plays)
        val last = Session.restore(store.bytes!!, Lang.EN)
        assertTrue(last.state().phase is Phase.MatchOver)
        // A rematch: same settings, the next match's deal.
        c.rematch()
        assertEquals(1u, c.state.table!!.matchNumber)
        assertTrue(c.state.events.single().event is SessionEvent.NewHand)
        // Back to the settings, which keep the match's settings; then back to the match.
        c.showSettings()
        assertEquals(Screen.SETTINGS, c.state.screen)
        assertEquals(2u, c.state.settings.rules.players)
        assertTrue(c.state.canResume)
        c.resume()
        assertEquals(Screen.TABLE, c.state.screen)
    }

    @Test
    fun captureChoiceOffersTheSessionsOptionsAndPlaysTheChosenOne() {
        for (seed in 1uL..400uL) {
            val pacer = ManualPacer()
            val c = newController(pacer = pacer)
            c.newMatch(settings(2, null, AiLevel.RANDOM), seed = seed)
            repeat(18) {
                while (pacer.runNext()) c.drainEvents(mutableListOf())
                val s = c.state
                if (s.phase !is Phase.Play) return@repeat
                for (card in cardsOf(s.table!!.hand)) {
                    c.select(card)
                    if (c.state.phase !is Phase.ChooseCapture) {
                        // Played at once (its one way to play).
                        return@repeat
                    }
                    val options = c.state.captureOptions
                    assertTrue(options.size >= 2)
                    assertEquals(Phase.ChooseCapture(0u, card), c.state.phase)
                    // Cancel once: nothing is played.
                    c.cancelCapture()
                    assertEquals(s.table, c.state.table)
                    // Then choose the second option.
                    c.drainEvents(mutableListOf())
                    c.select(card)
                    c.chooseCapture(1)
                    assertNull(c.state.message)
                    assertEquals(SessionEvent.Played(0u, card, options[1]), c.state.events.first().event)
                    println("    capture choice: seed $seed, card $card with ${options.size} captures, chose ${options[1]}")
                    return
                }
            }
        }
        throw AssertionError("no seed in 1..400 gave the person a card with two captures")
    }

    @Test
    fun theAiWaitsForItsPauseAndTheScopaBannerForItsOwn() {
        val pacer = ManualPacer()
        val c = GameController(InMemorySaveStore(), pacer, Lang.EN, aiDelayMillis = 650, bannerMillis = 1200)
        // A seed where the AI leads: the first thing is a scheduled AI play.
        var seed = 1uL
        while (true) {
            c.newMatch(settings(2, null, AiLevel.EASY), seed = seed)
            if (c.state.phase is Phase.AiDue) break
            seed++
        }
        assertEquals(650L, pacer.pending.last().first)
        // Only the first deal to show, until the pause is over.
        assertTrue(c.state.events.single().event is SessionEvent.NewHand)
        while (pacer.runNext()) {} // the timers of the earlier seeds' sessions do nothing
        assertEquals(2, c.state.events.size)
        val played = c.state.events.last().event as SessionEvent.Played
        assertEquals(1u.toUByte(), played.seat)
        assertTrue(c.state.phase is Phase.Play)
        assertTrue(pacer.pending.isEmpty())
        // Until a scopa (in this match or the next ones): its banner waits 1200 ms, or the
        // player's tap.
        while (c.state.phase !is Phase.Scopa) {
            c.eventsShown(c.state.events.size)
            when {
                pacer.runNext() -> {}
                c.state.phase is Phase.Play -> c.select(cardsOf(c.state.table!!.hand).first())
                c.state.phase is Phase.ChooseCapture -> c.chooseCapture(0)
                c.state.phase is Phase.MatchOver -> c.newMatch(seed = ++seed)
                else -> c.proceed()
            }
            assertTrue("a scopa in 20 matches", seed < 20u)
        }
        assertEquals(1200L, pacer.pending.single().first)
        assertTrue(c.state.prompt, c.state.prompt.startsWith("Scopa!"))
        c.proceed()
        val after = c.state.phase
        // The banner's timer, now stale, does nothing.
        pacer.pending.removeIf { it.first != 1200L }
        pacer.runNext()
        assertEquals(after, c.state.phase)
        assertNull(c.state.message)
    }

    @Test
    fun killAndRestoreContinueExactlyAsAnUninterruptedMatch() {
        val s = settings(2, null, AiLevel.MEDIUM)
        val seed = 2024uL
        val pa = ManualPacer()
        val a = newController(pacer = pa)
        a.newMatch(s, seed)
        val runA = a.playToEnd(pa)
        // Killed after every 7th play and on every hand summary: the controller is dropped
        // without close(), a new one launched on the same file.
        val dir = tempDir()
        val file = File(dir, "match.scopa")
        var pb = ManualPacer()
        var b = newController(FileSaveStore(file), pb)
        b.newMatch(s, seed)
        val runB = Run()
        var kills = 0
        while (b.step(runB, pb, firstCard)) {
            val phase = b.state.phase
            if (phase !is Phase.MatchOver && (runB.plays % 7 == 0 || phase is Phase.HandSummary)) {
                b.drainEvents(runB.events)
                val before = b.state
                pb = ManualPacer()
                b = newController(FileSaveStore(file), pb)
                val after = b.launch()
                kills++
                assertNull(after.message)
                assertEquals(before.table, after.table)
                assertEquals(before.summary, after.summary)
                assertEquals(before.settings, after.settings)
                assertArrayEquals(file.readBytes(), b.currentSave())
            }
        }
        b.drainEvents(runB.events)
        assertTrue("killed at least 5 times, was $kills", kills >= 5)
        assertEquals(runA.events, runB.events)
        assertEquals(listOf("match.scopa"), dir.list()!!.sorted())
        println("    killed and restored $kills times; ${runA.events.size} events identical")
    }

    @Test
    fun aCorruptSaveIsSetAsideReportedAndANewMatchCanStart() {
        val dir = tempDir()
        val file = File(dir, "match.scopa")
        val good = newController().also { it.newMatch(settings(2, null, AiLevel.EASY), seed = 3u) }.currentSave()!!
        for ((name, bytes) in listOf(
            "garbage" to "not a scopa save".toByteArray(),
            "empty" to ByteArray(0),
            "future version" to good.copyOf().also { it[4] = 2 },
            "truncated" to good.copyOf(good.size / 2),
            "bit flipped" to good.copyOf().also { it[it.size / 2] = (it[it.size / 2].toInt() xor 0x10).toByte() },
        )) {
            file.writeBytes(bytes)
            val store = FileSaveStore(file)
            val c = newController(store)
            val s = c.launch()
            assertEquals(name, Screen.SETTINGS, s.screen)
            val msg = s.message ?: error("$name: no message")
            assertTrue("$name: $msg", msg.startsWith("The saved match cannot be read: "))
            assertTrue("$name: $msg", msg.contains("It was kept aside; start a new match. (${store.corruptFile.path})"))
            assertFalse(name, file.exists())
            assertArrayEquals(name, bytes, store.corruptFile.readBytes())
            c.dismissMessage()
            assertTrue(c.newMatch(settings(2, null, AiLevel.EASY), seed = 9u))
            assertArrayEquals(c.currentSave(), file.readBytes())
        }
        // An unreadable save file (a directory in its place) is reported, not thrown.
        val blocked = File(dir, "blocked.scopa").also { it.mkdirs() }
        val c = newController(FileSaveStore(blocked))
        assertEquals(Screen.SETTINGS, c.launch().screen)
        assertEquals(
            "The saved match cannot be read: ${blocked.path} is not a file. It was kept aside; start a new match.",
            c.state.message,
        )
        // A save that cannot be written is reported while the game goes on.
        val d = newController(FileSaveStore(File(blocked, "x/y").also { File(blocked, "x").writeText("file") }))
        assertTrue(d.newMatch(settings(2, null, AiLevel.EASY), seed = 9u))
        assertTrue(d.state.message!!, d.state.message!!.startsWith("The match could not be saved: "))
        assertEquals(Screen.TABLE, d.state.screen)
    }

    @Test
    fun aSaveOfTheEarlierAppIsMigratedOnceAndPlaysOn() {
        // The earlier app's file (scopa-ffi/tests/legacy/mid-hand.scopaapp): SCOPAAPP, version 1,
        // flags 0, then the save of the first FFI's match object (SFFI): a person against the
        // medium AI, seed 77, five plays in; the person holds the 8 of spade (card 27).
        val old = listOf(
        "53434f50414150500100534646490102000300004d000000000000000101270000000000534350410102000b00000000",
        "010000000000000000009563a3e3fb04abb8202708161a1b05182611011c102122020625000b190e240409030a12171e",
        "0c140d231f0f1d071513050800000000401600000000002000004000001a000000000027000000000000000000000000",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "00000000000000000000000000000000000000000000000000000000000017376468322489ba",
        ).joinToString("").chunked(2).map { it.toInt(16).toByte() }.toByteArray()
        assertEquals(374, old.size)
        val hand = setOf(27)
        val store = InMemorySaveStore(old)
        val pacer = ManualPacer()
        val c = newController(store, pacer, Lang.IT)
        c.launch()
        assertNull(c.state.message)
        assertEquals(Screen.TABLE, c.state.screen)
        assertEquals(hand, cardsOf(c.state.table!!.hand).map { it.toInt() }.toSet())
        // Written again at once, in the session format.
        assertEquals(364, store.bytes!!.size)
        assertEquals("SCPS", String(store.bytes!!.copyOf(4)))
        assertEquals(listOf(null, AiLevel.MEDIUM), c.state.settings.seats.take(2))
        assertEquals("Tu", c.state.names!!.seats[0])
        checkFinishedMatch(c, c.playToEnd(pacer))
    }

    @Test
    fun refusedActionsBecomeMessagesAndChangeNothing() {
        val pacer = ManualPacer()
        val store = InMemorySaveStore()
        val c = newController(store, pacer)
        // Impossible settings: the session's reason, no session starts.
        c.updateSettings(settings(3, null, AiLevel.EASY, AiLevel.EASY).let { it.copy(rules = it.rules.copy(deal = DealKind.SCOPONE)) })
        assertEquals("the deal Scopone (9 each, 4 on the table) needs 4 players, not 3", c.state.settingsError)
        assertFalse(c.newMatch())
        assertEquals(Screen.SETTINGS, c.state.screen)
        assertEquals(c.state.settingsError, c.state.message)
        assertEquals(0, store.writes)
        c.updateSettings(settings(2, null, AiLevel.EASY))
        assertNull(c.state.settingsError)
        // A match; until the person's turn.
        assertTrue(c.newMatch(seed = 77u))
        while (c.state.phase !is Phase.Play) pacer.runNext()
        val table = c.state.table!!
        val saves = store.writes
        fun unchanged(what: String) {
            assertEquals(what, table, c.state.table)
            assertEquals(what, saves, store.writes)
            assertNotNull(what, c.state.message)
            c.dismissMessage()
        }
        val notMine = (0 until 40).map { it.toUByte() }.first { maskOf(it) and table.hand == 0uL }
        c.select(notMine)
        assertTrue(c.state.message!!, c.state.message!!.endsWith("is not in the hand of You."))
        unchanged("card not in hand")
        c.proceed()
        assertEquals("Continuing is not possible now: Your turn: play a card.", c.state.message)
        unchanged("continue while playing")
        c.chooseCapture(3)
        assertTrue(c.state.message!!.startsWith("Choosing a capture is not possible now"))
        unchanged("no capture to choose")
        c.undo()
        assertTrue(c.state.message!!.startsWith("Undo is off"))
        unchanged("undo off")
        c.rematch()
        unchanged("rematch during a match")
        // During the AI's turn: no hint, no card.
        c.select(cardsOf(table.hand).first())
        if (c.state.phase is Phase.AiDue) {
            c.requestHint()
            assertTrue(c.state.message!!, c.state.message!!.startsWith("A hint is not possible now: Player 2 is thinking"))
            assertNull(c.state.hint)
        }
    }

    @Test
    fun passAndPlayFourPeopleHandTheDeviceOverBetweenTurns() {
        val pacer = ManualPacer()
        val c = newController(pacer = pacer)
        assertTrue(c.newMatch(settings(4, null, null, null, null), seed = 404u))
        assertTrue(c.state.phase is Phase.HandOff)
        assertTrue(c.state.prompt, c.state.prompt.startsWith("Hand the device to Player "))
        assertEquals(listOf("Players 1 & 3", "Players 2 & 4"), c.state.names!!.sides)
        val run = c.playToEnd(pacer)
        checkFinishedMatch(c, run)
        // Every play of a person came after a hand-over (the step checks the cards were hidden).
        assertEquals(run.plays, run.handOffs)
        assertEquals(run.events.count { it is SessionEvent.Played }, run.plays)
    }

    @Test
    fun scoponeWithTwoPeopleAndTwoAisPlaysToTheEnd() {
        val pacer = ManualPacer()
        val c = newController(pacer = pacer)
        val s = settings(4, null, AiLevel.EXPERT, null, AiLevel.EASY).let { it.copy(rules = it.rules.copy(deal = DealKind.SCOPONE)) }
        assertTrue(c.newMatch(s, seed = 12u))
        val run = c.playToEnd(pacer)
        checkFinishedMatch(c, run)
        val people = run.events.filterIsInstance<SessionEvent.Played>().count { it.seat.toInt() % 2 == 0 }
        assertEquals(people, run.plays)
        assertTrue(run.handOffs > 0)
    }

    @Test
    fun watchModePlaysByItselfAndShowsNoHand() {
        val pacer = ManualPacer()
        val c = newController(pacer = pacer)
        assertTrue(c.newMatch(settings(3, AiLevel.RANDOM, AiLevel.EASY, AiLevel.MEDIUM), seed = 33u))
        val events = mutableListOf<SessionEvent>()
        while (pacer.runNext()) {
            c.drainEvents(events)
            assertNull(c.state.table!!.viewer)
            assertEquals(0uL, c.state.table!!.hand)
            // Hand summaries wait for a tap even in watch mode.
            if (c.state.phase is Phase.HandSummary) c.proceed()
        }
        assertTrue(c.state.phase is Phase.MatchOver)
        assertTrue(events.last() is SessionEvent.MatchFinished)
    }

    @Test
    fun settingsEditingAndEveryRulesOptionReachTheSession() {
        val c = newController()
        val d = c.state.settings
        assertEquals(listOf(null, AiLevel.EXPERT, null, null), d.seats)
        val four = d.withPlayers(4)
        assertEquals(listOf(null, AiLevel.EXPERT, AiLevel.EXPERT, AiLevel.EXPERT), four.seats)
        assertEquals(listOf(null, AiLevel.EASY, AiLevel.EASY, AiLevel.EASY), four.withAiLevel(AiLevel.EASY).seats)
        val partner = four.withSeat(2, null)
        assertEquals(listOf(null, AiLevel.EXPERT, null, AiLevel.EXPERT), partner.seats)
        c.updateSettings(partner.copy(undo = true))
        assertEquals("undo is only for one person playing against the computer, and 2 seats are people", c.state.settingsError)
        val s = four.copy(
            rules = four.rules.copy(
                deal = DealKind.SCOPONE_SCIENTIFICO, target = 21u, primiera = PrimieraRule.LENIENT,
                ace = AceRule.TAKES_ALL, napola = true, reBello = true, kingsRedeal = false,
            ),
            seats = four.withAiLevel(AiLevel.HANDHELD).seats,
        )
        assertTrue(c.newMatch(s, seed = 21u))
        assertEquals(s, c.state.settings)
        val restored = Session.restore(c.currentSave()!!, Lang.EN).settings()
        assertEquals(s.rules, restored.rules)
        assertEquals(s.seats, restored.seats)
        assertTrue(c.state.names!!.rules, c.state.names!!.rules.contains("Scopone scientifico"))
        for (ace in AceRule.entries) for (p in PrimieraRule.entries) {
            val t = d.copy(rules = d.rules.copy(ace = ace, primiera = p))
            assertTrue(c.newMatch(t, seed = 1u))
            assertEquals(t.rules, Session.restore(c.currentSave()!!, Lang.EN).settings().rules)
        }
        // The texts of the settings screen come from the session, in both languages.
        assertEquals(5, c.state.texts.levels.size)
        assertEquals(DealKind.entries.toList(), c.state.texts.deals.map { it.deal })
        assertEquals("Livello del computer", newController(lang = Lang.IT).state.texts.labels.aiLevel)
    }

    @Test
    fun undoTakesBackThePersonsPlayAndTheAisAnswer() {
        val pacer = ManualPacer()
        val store = InMemorySaveStore()
        val c = newController(store, pacer)
        assertTrue(c.newMatch(settings(2, null, AiLevel.EASY).copy(undo = true), seed = 4u))
        var plays = 0
        while (true) {
            while (pacer.runNext()) {}
            if (c.state.table!!.canUndo) break
            assertTrue("a person's play to take back", c.state.phase is Phase.Play && ++plays < 40)
            c.select(cardsOf(c.state.table!!.hand).first())
            if (c.state.phase is Phase.ChooseCapture) c.chooseCapture(0)
        }
        val before = c.state.table!!
        c.undo()
        assertNull(c.state.message)
        val after = c.state.table!!
        assertTrue(after.plays < before.plays)
        assertEquals(before.hand.countOneBits() + 1, after.hand.countOneBits())
        assertArrayEquals(c.currentSave(), store.bytes)
    }

    @Test
    fun theSystemLanguageSetsEveryText() {
        val pacer = ManualPacer()
        val c = newController(pacer = pacer, lang = Lang.IT)
        assertEquals("Nuova partita", c.state.texts.labels.newMatch)
        assertEquals("7 di denari", c.state.texts.cards[6])
        c.newMatch(settings(2, null, AiLevel.EASY), seed = 5u)
        while (c.state.phase !is Phase.Play) pacer.runNext()
        assertEquals("Tocca a te: gioca una carta.", c.state.prompt)
        c.select(cardsOf(c.state.table!!.hand).first())
        if (c.state.phase is Phase.ChooseCapture) c.chooseCapture(0)
        assertTrue(c.state.events.first().text, c.state.events.first().text.startsWith("Mano 1 · Mazziere: "))
        assertTrue(c.state.events.last().text, c.state.events.any { it.text.startsWith("Tu: ") })
        c.proceed()
        assertTrue(c.state.message!!, c.state.message!!.startsWith("Continuare non è possibile ora"))
    }

    @Test
    fun fileSaveStoreWritesAtomicallyAndLeavesNoTemporaryFiles() {
        val dir = File(tempDir(), "nested/dir")
        val file = File(dir, "match.scopa")
        val store = FileSaveStore(file)
        assertNull(store.load())
        store.save(byteArrayOf(1, 2, 3))
        assertArrayEquals(byteArrayOf(1, 2, 3), store.load())
        store.save(ByteArray(500) { it.toByte() })
        assertArrayEquals(ByteArray(500) { it.toByte() }, store.load())
        assertEquals(listOf("match.scopa"), dir.list()!!.sorted())
        store.clear()
        assertNull(store.load())
        assertNull(store.setAside())
    }
}
