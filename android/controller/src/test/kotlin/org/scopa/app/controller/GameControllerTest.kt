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
import org.scopa.engine.BannerKind
import org.scopa.engine.DealKind
import org.scopa.engine.Frame
import org.scopa.engine.Lang
import org.scopa.engine.Next
import org.scopa.engine.Pacing
import org.scopa.engine.PrimieraRule

class GameControllerTest {
    private val tempDirs = mutableListOf<File>()

    private fun tempDir(): File = Files.createTempDirectory("scopa-apps-test").toFile().also { tempDirs += it }

    @After
    fun removeTempDirs() {
        tempDirs.forEach { it.deleteRecursively() }
    }

    /** The settings a save holds, read back by a controller launched on it. */
    private fun savedSettings(bytes: ByteArray) = newController(InMemorySaveStore(bytes)).also { it.launch() }.state.settings

    @Test
    fun aWholeMatchFollowingTheHintSavesTheSessionAfterEveryChange() {
        val store = InMemorySaveStore()
        val pacer = ManualPacer()
        val rec = Recorder()
        val c = newController(store, pacer, rec = rec)
        assertTrue(c.newMatch(settings(2, null, AiLevel.MEDIUM), seed = 11u))
        assertEquals(Screen.TABLE, c.state.screen)
        assertEquals(listOf("You", "Player 2"), c.frame.seats.map { it.name })
        assertEquals(1, store.writes)
        val run = Run()
        var steps = 0
        while (c.step(run, pacer, hinted)) {
            // What is on the disk is the session, always.
            assertArrayEquals(c.currentSave(), store.bytes)
            assertTrue(++steps < 10000)
        }
        checkFinishedMatch(c, rec, run)
        assertEquals(store.writes, c.savesWritten)
        assertTrue("a save per change: ${store.writes} for ${run.plays} plays", store.writes > run.plays)
        assertTrue(newController(InMemorySaveStore(store.bytes)).also { it.launch() }.frame.over)
        // A rematch: same settings, the next match's deal.
        c.press(Command.REMATCH)
        assertEquals(1u, c.frame.matchNumber)
        assertTrue(c.frame.events.single().line.startsWith("hand 0 "))
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
                while (pacer.runNext()) {}
                val f = c.frame
                if (f.playable.isEmpty()) return@repeat
                for (choice in f.playable) {
                    val card = choice.card.card
                    c.select(card)
                    if (c.frame.captureOptions.isEmpty()) {
                        assertEquals(1u.toUByte(), choice.ways)
                        return@repeat
                    }
                    val options = c.frame.captureOptions
                    assertEquals(choice.ways.toInt(), options.size)
                    assertTrue(options.size >= 2)
                    assertEquals(card, c.frame.choosing?.card)
                    assertTrue(c.frame.has(Command.CANCEL))
                    // Cancel once: nothing is played.
                    c.press(Command.CANCEL)
                    assertEquals(f.table, c.frame.table)
                    assertEquals(f.hand, c.frame.hand)
                    // Then choose the second option.
                    c.select(card)
                    c.chooseCapture(1)
                    assertNull(c.frame.refusal)
                    assertEquals(Play(0u, card, options[1].cards), c.frame.events.first().play)
                    println("    capture choice: seed $seed, card $card with ${options.size} captures, chose ${options[1].text}")
                    return
                }
            }
        }
        throw AssertionError("no seed in 1..400 gave the person a card with two captures")
    }

    @Test
    fun theAiWaitsForItsPauseAndTheScopaBannerForItsOwn() {
        val pacer = ManualPacer()
        val c = GameController(InMemorySaveStore(), pacer, Lang.EN, Pacing(650u, 1200u, 3000u, true))
        // A seed where the AI leads: the first thing is a scheduled AI play.
        var seed = 1uL
        while (true) {
            c.newMatch(settings(2, null, AiLevel.EASY), seed = seed)
            if (c.frame.dueMs != null) break
            seed++
        }
        assertEquals(650L, pacer.pending.last().first)
        assertEquals(650u, c.frame.dueMs)
        // Only the first deal to show, until the pause is over.
        assertTrue(c.frame.events.single().line.startsWith("hand 0 "))
        while (pacer.runNext()) {} // the timers of the earlier seeds' sessions do nothing
        assertEquals(1u.toUByte(), c.frame.events.single().play!!.seat)
        assertTrue(c.frame.playable.isNotEmpty())
        assertTrue(pacer.pending.isEmpty())
        // Until a scopa (in this match or the next ones): its banner waits 1200 ms, or the
        // player's tap.
        while (c.frame.banner?.kind !is BannerKind.Scopa) {
            val f = c.frame
            when {
                pacer.runNext() -> {}
                f.playable.isNotEmpty() -> c.select(f.playable.first().card.card)
                f.captureOptions.isNotEmpty() -> c.chooseCapture(0)
                f.over -> c.newMatch(seed = ++seed)
                else -> c.press(Command.PROCEED)
            }
            assertTrue("a scopa in 20 matches", seed < 20u)
        }
        assertEquals(1200L, pacer.pending.single().first)
        assertTrue(c.frame.status, c.frame.status.startsWith("Scopa!"))
        assertTrue(c.frame.has(Command.PROCEED))
        c.press(Command.PROCEED)
        val after = c.frame
        // The banner's timer, now stale, does nothing.
        pacer.pending.removeIf { it.first != 1200L }
        pacer.runNext()
        assertTrue(after === c.frame)
        assertNull(c.state.message)
    }

    @Test
    fun killAndRestoreContinueExactlyAsAnUninterruptedMatch() {
        val s = settings(2, null, AiLevel.MEDIUM)
        val seed = 2024uL
        val pa = ManualPacer()
        val recA = Recorder()
        val a = newController(pacer = pa, rec = recA)
        a.newMatch(s, seed)
        a.playToEnd(pa)
        // Killed after every 7th play and on every hand summary: the controller is dropped
        // without close(), a new one launched on the same file.
        val dir = tempDir()
        val file = File(dir, "match.scopa")
        var pb = ManualPacer()
        var rec = Recorder()
        var b = newController(FileSaveStore(file), pb, rec = rec)
        b.newMatch(s, seed)
        val lines = mutableListOf<String>()
        val runB = Run()
        var kills = 0
        while (b.step(runB, pb, firstCard)) {
            val f = b.frame
            if (!f.over && (runB.plays % 7 == 0 || f.banner?.kind is BannerKind.HandOver)) {
                while (pb.runNext()) {}
                val before = b.frame
                lines += rec.lines
                pb = ManualPacer()
                rec = Recorder()
                b = newController(FileSaveStore(file), pb, rec = rec)
                val after = b.launch()
                // The restored frame shows the hand's deal again: not a new event.
                rec.lines.clear()
                kills++
                assertNull(after.message)
                // The recap is the hands this controller saw finish (it is not in the save), and
                // a delay's token is the controller's own ticket: both start again. Compared as
                // text: a data class compares its ByteArray fields (the summary's points) by
                // reference, and prints their contents.
                assertEquals(before.restartable().toString(), after.frame!!.restartable().toString())
                assertEquals(s, after.settings)
                assertArrayEquals(file.readBytes(), b.currentSave())
            }
        }
        lines += rec.lines
        assertTrue("killed at least 5 times, was $kills", kills >= 5)
        assertEquals(recA.lines, lines)
        assertEquals(listOf("match.scopa"), dir.list()!!.sorted())
        println("    killed and restored $kills times; ${lines.size} transcript lines identical")
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
        // A save that cannot be written is reported in the frame while the game goes on.
        val d = newController(FileSaveStore(File(blocked, "x/y").also { File(blocked, "x").writeText("file") }))
        assertTrue(d.newMatch(settings(2, null, AiLevel.EASY), seed = 9u))
        assertTrue(d.frame.saveError!!, d.frame.saveError!!.startsWith("The match could not be saved: "))
        assertEquals(Screen.TABLE, d.state.screen)
        assertEquals(0, d.savesWritten)
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
        val store = InMemorySaveStore(old)
        val pacer = ManualPacer()
        val rec = Recorder()
        val c = newController(store, pacer, Lang.IT, rec)
        c.launch()
        assertNull(c.state.message)
        assertEquals(Screen.TABLE, c.state.screen)
        assertEquals(listOf(27), c.frame.handCards.map { it.toInt() })
        // Written again at once, in the session format.
        assertEquals(1, store.writes)
        assertEquals(364, store.bytes!!.size)
        assertEquals("SCPS", String(store.bytes!!.copyOf(4)))
        assertEquals(listOf(null, AiLevel.MEDIUM), c.state.settings.seats.take(2))
        assertEquals("Tu", c.frame.seats[0].name)
        checkFinishedMatch(c, rec, c.playToEnd(pacer))
    }

    @Test
    fun refusedActionsShowInTheFrameAndChangeNothing() {
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
        while (c.frame.playable.isEmpty()) pacer.runNext()
        val table = c.frame
        val saves = store.writes
        fun unchanged(what: String) {
            assertEquals(what, table.hand, c.frame.hand)
            assertEquals(what, table.table, c.frame.table)
            assertEquals(what, saves, store.writes)
            assertNotNull(what, c.frame.refusal)
        }
        val notMine = (0 until 40).map { it.toUByte() }.first { it !in table.handCards }
        c.select(notMine)
        assertTrue(c.frame.refusal!!, c.frame.refusal!!.endsWith("is not in the hand of You."))
        unchanged("card not in hand")
        c.press(Command.PROCEED)
        assertEquals("Continuing is not possible now: Your turn: play a card.", c.frame.refusal)
        unchanged("continue while playing")
        c.chooseCapture(3)
        assertTrue(c.frame.refusal!!.startsWith("Choosing a capture is not possible now"))
        unchanged("no capture to choose")
        c.press(Command.UNDO)
        assertTrue(c.frame.refusal!!.startsWith("Undo is off"))
        unchanged("undo off")
        c.press(Command.REMATCH)
        unchanged("rematch during a match")
        c.select(40u)
        assertTrue(c.state.message!!, c.state.message!!.startsWith("card index 40 is not 0 to 39"))
        c.dismissMessage()
        // During the AI's turn: no hint, no card.
        c.select(table.playable.first().card.card)
        if (c.frame.dueMs != null) {
            c.press(Command.HINT)
            assertTrue(c.frame.refusal!!, c.frame.refusal!!.startsWith("A hint is not possible now: Player 2 is thinking"))
            assertNull(c.frame.hint)
        }
    }

    @Test
    fun bothCopiesOfACardAreOneCaptureOptionAtATableOfSix() {
        // Six people, seed 10 (two decks): the first table is 9c 2s 2s 3s 5s 6b 6b 10b and
        // seat 1 holds the 7c, which takes 2s 2s 3s or 2s 5s. Cards are indices: 9c 18, 2s 21,
        // 3s 22, 5s 24, 6b 35, 10b 39, 7c 16.
        fun cards(vararg i: Int) = i.map { it.toUByte() }
        val pacer = ManualPacer()
        val c = newController(pacer = pacer)
        assertTrue(c.newMatch(settings(6, null, null, null, null, null, null), seed = 10u))
        assertTrue(c.frame.banner?.kind is BannerKind.HandOff)
        assertEquals(cards(18, 21, 21, 22, 24, 35, 35, 39), c.frame.tableCards)
        c.press(Command.PROCEED)
        assertEquals(1.toUByte(), c.frame.viewer)
        val seven = c.frame.playable.first { it.card.card == 16.toUByte() }
        assertEquals(2.toUByte(), seven.ways)
        c.select(16u)
        val options = c.frame.captureOptions.map { it.cards }
        assertEquals(setOf(cards(21, 21, 22), cards(21, 24)), options.toSet())
        c.chooseCapture(options.indexOf(cards(21, 21, 22)))
        val played = c.frame.events.firstNotNullOf { it.play }
        assertEquals(Play(1u, 16u, cards(21, 21, 22)), played)
        assertEquals(cards(18, 24, 35, 35, 39), c.frame.tableCards)
        assertTrue(c.frame.events.any { it.line == "play 1 7c 2s 2s 3s" })
    }

    @Test
    fun passAndPlayFourPeopleHandTheDeviceOverBetweenTurns() {
        val pacer = ManualPacer()
        val rec = Recorder()
        val c = newController(pacer = pacer, rec = rec)
        assertTrue(c.newMatch(settings(4, null, null, null, null), seed = 404u))
        assertTrue(c.frame.banner?.kind is BannerKind.HandOff)
        assertTrue(c.frame.status, c.frame.status.startsWith("Hand the device to Player "))
        assertEquals(listOf("Players 1 & 3", "Players 2 & 4"), c.frame.sides.map { it.name })
        val run = c.playToEnd(pacer)
        checkFinishedMatch(c, rec, run)
        // Every play of a person came after a hand-over (the step checks the cards were hidden).
        assertEquals(run.plays, run.handOffs)
        assertEquals(rec.lines.count { it.startsWith("play ") }, run.plays)
    }

    @Test
    fun scoponeWithTwoPeopleAndTwoAisPlaysToTheEnd() {
        val pacer = ManualPacer()
        val rec = Recorder()
        val c = newController(pacer = pacer, rec = rec)
        val s = settings(4, null, AiLevel.EXPERT, null, AiLevel.EASY).let { it.copy(rules = it.rules.copy(deal = DealKind.SCOPONE)) }
        assertTrue(c.newMatch(s, seed = 12u))
        val run = c.playToEnd(pacer)
        checkFinishedMatch(c, rec, run)
        val people = rec.frames.flatMap { it.events }.mapNotNull { it.play }.count { it.seat.toInt() % 2 == 0 }
        assertEquals(people, run.plays)
        assertTrue(run.handOffs > 0)
    }

    @Test
    fun watchModePlaysByItselfAndShowsNoHand() {
        val pacer = ManualPacer()
        val rec = Recorder()
        val c = newController(pacer = pacer, rec = rec)
        assertTrue(c.newMatch(settings(3, AiLevel.RANDOM, AiLevel.EASY, AiLevel.MEDIUM), seed = 33u))
        while (pacer.runNext()) {
            assertNull(c.frame.viewer)
            assertTrue(c.frame.hand.isEmpty())
        }
        assertTrue(c.frame.over)
        assertTrue(rec.lines.last().startsWith("winner "))
        assertTrue(rec.frames.any { it.banner?.kind is BannerKind.HandOver })
    }

    @Test
    fun settingsEditingAndEveryRulesOptionReachTheSession() {
        val c = newController()
        val d = c.state.settings
        assertEquals(seatList(null, AiLevel.EXPERT), d.seats)
        val four = d.withPlayers(4)
        assertEquals(seatList(null, AiLevel.EXPERT, AiLevel.EXPERT, AiLevel.EXPERT), four.seats)
        assertEquals(seatList(null, AiLevel.EASY, AiLevel.EASY, AiLevel.EASY), four.withAiLevel(AiLevel.EASY).seats)
        val partner = four.withSeat(2, null)
        assertEquals(seatList(null, AiLevel.EXPERT, null, AiLevel.EXPERT), partner.seats)
        // Six and eight players (two decks): the new seats are the computer, partners opposite.
        val eight = partner.withPlayers(8).withSeat(4, null)
        assertEquals(seatList(null, AiLevel.EXPERT, null, AiLevel.EXPERT, null, AiLevel.EXPERT, AiLevel.EXPERT, AiLevel.EXPERT), eight.seats)
        assertTrue(c.newMatch(eight.withAiLevel(AiLevel.EASY), seed = 8u))
        assertEquals(listOf(0, 1, 2, 3, 0, 1, 2, 3), c.frame.seats.map { it.side.toInt() })
        assertEquals(4, c.frame.sides.size)
        val six = d.withPlayers(6)
        assertEquals(seatList(null, AiLevel.EXPERT, AiLevel.EXPERT, AiLevel.EXPERT, AiLevel.EXPERT, AiLevel.EXPERT), six.seats)
        assertTrue(c.newMatch(six, seed = 6u))
        assertEquals(3, c.frame.sides.size)
        assertEquals(8, c.frame.tableCards.size) // two decks: 8 on the first table
        assertEquals(3, c.frame.hand.size)
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
        val restored = savedSettings(c.currentSave()!!)
        assertEquals(s.rules, restored.rules)
        assertEquals(s.seats, restored.seats)
        // Who plays each seat, as the settings line names it.
        assertEquals(s.seats.take(4).map { it?.name?.lowercase() ?: "human" }, c.frame.seats.map { it.player })
        for (ace in AceRule.entries) for (p in PrimieraRule.entries) {
            val t = d.copy(rules = d.rules.copy(ace = ace, primiera = p))
            assertTrue(c.newMatch(t, seed = 1u))
            assertEquals(t.rules, savedSettings(c.currentSave()!!).rules)
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
            if (c.frame.has(Command.UNDO)) break
            assertTrue("a person's play to take back", c.frame.playable.isNotEmpty() && ++plays < 40)
            c.select(c.frame.playable.first().card.card)
            if (c.frame.captureOptions.isNotEmpty()) c.chooseCapture(0)
        }
        val before = c.frame
        c.press(Command.UNDO)
        assertNull(c.frame.refusal)
        val after = c.frame
        assertEquals(before.hand.size + 1, after.hand.size)
        assertTrue(after.events.isEmpty())
        assertArrayEquals(c.currentSave(), store.bytes)
    }

    @Test
    fun theSystemLanguageSetsEveryText() {
        val pacer = ManualPacer()
        val rec = Recorder()
        val c = newController(pacer = pacer, lang = Lang.IT, rec = rec)
        assertEquals("Nuova partita", c.state.texts.labels.newMatch)
        assertEquals("7 di denari", c.state.texts.cards[6])
        c.newMatch(settings(2, null, AiLevel.EASY), seed = 5u)
        while (c.frame.playable.isEmpty()) pacer.runNext()
        assertEquals("Tocca a te: gioca una carta.", c.frame.status)
        c.select(c.frame.playable.first().card.card)
        if (c.frame.captureOptions.isNotEmpty()) c.chooseCapture(0)
        val texts = rec.frames.flatMap { it.events }.map { it.text }
        assertTrue(texts.first(), texts.first().startsWith("Mano 1 · Mazziere: "))
        assertTrue(texts.toString(), texts.any { it.startsWith("Tu: ") })
        c.press(Command.PROCEED)
        assertTrue(c.frame.refusal!!, c.frame.refusal!!.startsWith("Continuare non è possibile ora"))
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

/** [this] without what a new controller starts again: the events, the recap, the delay's token. */
private fun Frame.restartable(): Frame =
    copy(events = emptyList(), recap = emptyList(), next = (next as? Next.Due)?.let { Next.Due(it.v1.copy(token = 0u)) } ?: next)
