package org.scopa.app.controller

import java.io.File
import java.nio.file.Files
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.After
import org.junit.Test
import org.scopa.engine.AceRule
import org.scopa.engine.AiLevel
import org.scopa.engine.DealKind
import org.scopa.engine.GameEvent
import org.scopa.engine.Move
import org.scopa.engine.PrimieraRule
import org.scopa.engine.ScopaMatch
import org.scopa.engine.cardFromCode
import org.scopa.engine.defaultRules

class GameControllerTest {
    private val tempDirs = mutableListOf<File>()

    private fun tempDir(): File = Files.createTempDirectory("scopa-apps-test").toFile().also { tempDirs += it }

    @After
    fun removeTempDirs() {
        tempDirs.forEach { it.deleteRecursively() }
    }

    @Test
    fun fullTwoPlayerMatchWithHandSummariesAndAutosaves() {
        val store = InMemorySaveStore()
        val c = newController(store)
        assertTrue(c.newMatch(Settings(players = 2, aiLevel = AiLevel.MEDIUM), seed = 11u))
        val run = c.playToEnd(strategy = { v ->
            // The human follows the hint, exercising the hint on every turn.
            c.requestHint()
            val h = c.state.hint ?: error("no hint: ${c.state.message}")
            assertTrue(h.move in v.legalMoves)
            h.move
        })
        checkFinishedMatch(c, run, players = 2)
        // A save after the new match, after every play and after each hand summary was
        // dismissed; the last one is the finished match.
        val plays = run.events.count { it is GameEvent.Played }
        assertEquals(plays + 1 + (run.hands.size - 1), store.writes)
        assertEquals(store.writes, c.savesWritten)
        val last = ScopaMatch.restore(SaveFile.decode(store.bytes!!).engine)
        assertTrue(last.isOver())
        assertEquals(c.state.winnerSide?.toUInt(), last.winner())
        // After the end: back to the settings, which keep the match's settings.
        c.showSettings()
        assertEquals(Screen.SETTINGS, c.state.screen)
        assertEquals(2, c.state.settings.players)
    }

    @Test
    fun captureChoiceOffersExactlyTheEnginesCapturesAndPlaysTheChosenOne() {
        // Search seeds and turns for a human card with at least two legal captures.
        for (seed in 1uL..400uL) {
            val c = newController()
            c.newMatch(Settings(players = 2, aiLevel = AiLevel.RANDOM), seed = seed)
            repeat(18) {
                val v = c.state.view!!
                if (c.state.screen != Screen.PLAYING || !v.isMyTurn) return@repeat
                val byCard = v.legalMoves.groupBy { it.card }
                val multi = byCard.entries.firstOrNull { it.value.size >= 2 }
                if (multi == null) {
                    c.playLikeUi(v.legalMoves.first())
                    return@repeat
                }
                val (card, moves) = multi
                val savesBefore = c.savesWritten
                // Cancel once: nothing is played.
                c.selectCard(card)
                assertEquals(Screen.CHOOSING_CAPTURE, c.state.screen)
                assertEquals(card, c.state.selectedCard)
                assertEquals(moves, c.state.captureOptions)
                c.cancelCapture()
                assertEquals(Screen.PLAYING, c.state.screen)
                assertEquals(v, c.state.view)
                assertEquals(savesBefore, c.savesWritten)
                // Then choose the second option.
                c.drainEvents(mutableListOf())
                c.selectCard(card)
                assertEquals(moves, c.state.captureOptions)
                val chosen = c.state.captureOptions[1]
                c.chooseCapture(1)
                assertNull(c.state.message)
                val first = c.state.events.first() as GameEvent.Played
                assertEquals(c.humanSeat, first.seat)
                assertEquals(chosen, first.move)
                assertTrue(c.savesWritten > savesBefore)
                println("    capture choice: seed $seed, ${card.code} with ${moves.size} captures, chose ${chosen.capture.map { it.code }}")
                return
            }
        }
        throw AssertionError("no seed in 1..400 gave the human a card with two captures")
    }

    @Test
    fun hintIsALegalMoveWithAReasonAndOnlyOnTheHumansTurn() {
        val pacer = ManualPacer()
        val c = newController(pacer = pacer)
        c.newMatch(Settings(players = 2, aiLevel = AiLevel.EASY), seed = 5u)
        // Let the AI lead if it does.
        pacer.runAll()
        val v = c.state.view!!
        assertTrue(v.isMyTurn)
        c.requestHint()
        val h = c.state.hint!!
        assertTrue(h.move in v.legalMoves)
        assertTrue(h.text, h.text.startsWith("Play ${Texts.move(h.move)}: ${Texts.hintReason(h.hint.reason)}."))
        assertTrue(h.hint.explanation.isNotBlank())
        // Playing clears the hint; during the AI's turn a hint is refused with a message.
        c.playLikeUi(h.move)
        assertNull(c.state.hint)
        assertTrue(c.state.aiPending)
        assertFalse(c.state.view!!.isMyTurn)
        c.requestHint()
        assertNull(c.state.hint)
        assertTrue(c.state.message!!, c.state.message!!.startsWith("Wait: it is not your turn."))
    }

    @Test
    fun autosaveAndRestoreAfterAKillContinueExactlyAsAnUninterruptedMatch() {
        val settings = Settings(players = 2, aiLevel = AiLevel.MEDIUM, target = 11)
        val seed = 2024uL
        // Uninterrupted.
        val a = newController()
        a.newMatch(settings, seed)
        val runA = a.playToEnd(firstLegal)
        // Killed after every 9th human play: the controller is dropped without close(), a new
        // one is created on the same file and launched.
        val dir = tempDir()
        val file = File(dir, "match.scopa")
        var c = newController(FileSaveStore(file))
        c.newMatch(settings, seed)
        val runB = Run()
        var kills = 0
        while (c.step(runB, firstLegal)) {
            val screen = c.state.screen
            if (screen != Screen.MATCH_OVER && (runB.humanPlays % 9 == 0 || screen == Screen.HAND_SUMMARY)) {
                // The UI has shown the events so far (unanimated events are not part of the save).
                c.drainEvents(runB.events)
                val before = c.state
                c = newController(FileSaveStore(file))
                val after = c.launch()
                kills++
                assertNull(after.message)
                assertEquals(before.view, after.view)
                assertEquals(before.screen, after.screen)
                assertEquals(before.settings, after.settings)
                assertArrayEquals(file.readBytes(), c.currentSave())
            }
        }
        c.drainEvents(runB.events)
        assertTrue("killed at least 5 times, was $kills", kills >= 5)
        assertEquals(runA.events, runB.events)
        assertEquals(a.state.finalScores, c.state.finalScores)
        // No temporary file is left next to the save.
        assertEquals(listOf("match.scopa"), dir.list()!!.sorted())
        // A kill on the hand-summary screen comes back to the summary.
        val d = newController(FileSaveStore(File(dir, "summary.scopa")))
        d.newMatch(settings, seed)
        while (d.state.screen != Screen.HAND_SUMMARY) d.step(Run(), firstLegal)
        val summary = d.state
        val e = newController(FileSaveStore(File(dir, "summary.scopa")))
        e.launch()
        assertEquals(Screen.HAND_SUMMARY, e.state.screen)
        assertEquals(summary.handBreakdown, e.state.handBreakdown)
        assertEquals(summary.view, e.state.view)
        println("    killed and restored $kills times; ${runA.events.size} events identical")
    }

    @Test
    fun corruptSaveAtLaunchIsReportedSetAsideAndANewMatchCanStart() {
        val dir = tempDir()
        val file = File(dir, "match.scopa")
        val good = newController().also { it.newMatch(Settings(), seed = 3u) }.currentSave()!!
        val engineOnly = SaveFile.decode(good).engine
        for ((name, bytes) in listOf(
            "garbage" to "not a scopa save".toByteArray(),
            "empty" to ByteArray(0),
            "engine bytes without the app header" to engineOnly,
            "future version" to good.copyOf().also { it[8] = 2 },
            "unknown flag" to good.copyOf().also { it[9] = 6 },
            "truncated" to good.copyOf(good.size / 2),
            "bit flipped" to good.copyOf().also { it[it.size / 2] = (it[it.size / 2].toInt() xor 0x10).toByte() },
        )) {
            file.writeBytes(bytes)
            val store = FileSaveStore(file)
            val c = newController(store)
            val s = c.launch()
            assertEquals(name, Screen.SETTINGS, s.screen)
            val msg = s.message ?: error("$name: no message")
            assertTrue("$name: $msg", msg.startsWith("The saved match could not be read:"))
            assertTrue("$name: $msg", msg.contains(store.corruptFile.path))
            assertFalse(name, file.exists())
            assertArrayEquals(name, bytes, store.corruptFile.readBytes())
            // A new match starts and is saved.
            c.dismissMessage()
            assertTrue(c.newMatch(Settings(), seed = 9u))
            assertEquals(Screen.PLAYING, c.state.screen)
            assertArrayEquals(c.currentSave(), file.readBytes())
        }
        // An unreadable save file (a directory in its place) is reported, not thrown.
        val blocked = File(dir, "blocked.scopa").also { it.mkdirs() }
        val c = newController(FileSaveStore(blocked))
        assertEquals(Screen.SETTINGS, c.launch().screen)
        assertEquals("The saved match could not be read: ${blocked.path} is not a file. Start a new match.", c.state.message)
        // A save that cannot be written is reported while the game goes on.
        val d = newController(FileSaveStore(File(blocked, "x/y").also { File(blocked, "x").writeText("file") }))
        assertTrue(d.newMatch(Settings(), seed = 9u))
        assertTrue(d.state.message!!, d.state.message!!.startsWith("Could not save the match:"))
    }

    @Test
    fun illegalActionsBecomeMessagesAndChangeNothing() {
        val pacer = ManualPacer()
        val store = InMemorySaveStore()
        val c = newController(store, pacer)
        // Before any match.
        c.selectCard(cardFromCode("7d"))
        assertEquals("Start a match first.", c.state.message)
        c.requestHint()
        assertEquals("Start a match first.", c.state.message)
        // Impossible settings: the engine's reason is shown, no match starts.
        assertFalse(c.newMatch(Settings(players = 3, deal = DealKind.SCOPONE), seed = 1u))
        assertEquals(Screen.SETTINGS, c.state.screen)
        assertTrue(c.state.message!!, c.state.message!!.startsWith("These settings cannot be played: invalid config:"))
        assertEquals(0, store.writes)
        // A match; wait for the human's turn.
        assertTrue(c.newMatch(Settings(players = 2, aiLevel = AiLevel.EASY), seed = 77u))
        pacer.runAll()
        val v = c.state.view!!
        assertTrue(v.isMyTurn)
        val saves = store.writes
        val save = store.bytes!!.copyOf()
        fun unchanged(what: String) {
            assertEquals(what, v, c.state.view)
            assertEquals(what, saves, store.writes)
            assertArrayEquals(what, save, store.bytes)
            assertNotNull(what, c.state.message)
        }
        // A card that is not in the hand.
        val notMine = (0 until 40).map { i -> cardFromCode("${i % 10 + 1}${"dcsb"[i / 10]}") }.first { it !in v.hand }
        c.selectCard(notMine)
        assertEquals("${Texts.card(notMine)} is not in your hand.", c.state.message)
        unchanged("card not in hand")
        c.play(Move(notMine, emptyList()))
        assertTrue(c.state.message!!, c.state.message!!.startsWith("That card is not in your hand."))
        unchanged("play of a card not in hand")
        // A capture the rules do not allow: a table card that the played card cannot take, or
        // laying down a card that must capture.
        val mine = v.hand.first()
        val legalForMine = v.legalMoves.filter { it.card == mine }
        val illegal = if (legalForMine.any { it.capture.isNotEmpty() }) Move(mine, emptyList())
        else Move(mine, listOf(v.table.firstOrNull { it.value != mine.value } ?: notMine))
        c.play(illegal)
        assertTrue(c.state.message!!, c.state.message!!.startsWith("That capture is not allowed:") || c.state.message!!.startsWith("That is not a valid card:"))
        unchanged("illegal capture")
        // The same card twice in a capture.
        c.play(Move(mine, listOf(notMine, notMine)))
        assertTrue(c.state.message!!, c.state.message!!.startsWith("That is not a valid card:") || c.state.message!!.startsWith("That capture is not allowed:"))
        unchanged("card twice")
        // A capture index that does not exist.
        c.chooseCapture(3)
        assertEquals("Select a card first.", c.state.message)
        unchanged("no capture to choose")
        c.dismissMessage()
        assertNull(c.state.message)
        // Out of turn: the human plays, the AI's play is pending; a second play is refused.
        c.playLikeUi(v.legalMoves.first())
        assertTrue(c.state.aiPending)
        val w = c.state.view!!
        c.selectCard(w.hand.first())
        assertEquals("Wait: it is Player 2's turn.", c.state.message)
        c.play(Move(w.hand.first(), emptyList()))
        assertTrue(c.state.message!!, c.state.message!!.startsWith("Wait: it is not your turn."))
        assertEquals(w, c.state.view)
        // A stale scheduled AI play does nothing once a new match started.
        assertTrue(c.newMatch(Settings(players = 2, aiLevel = AiLevel.EASY), seed = 78u))
        val fresh = c.state.view
        assertTrue(pacer.pending.isNotEmpty())
        pacer.runNext()
        if (fresh!!.isMyTurn) assertEquals(fresh, c.state.view)
        // After the end of a match every play is refused with a message.
        val e = newController()
        e.newMatch(Settings(players = 2, aiLevel = AiLevel.RANDOM), seed = 4u)
        e.playToEnd(firstLegal)
        val over = e.state.view!!
        e.selectCard(over.hand.firstOrNull() ?: cardFromCode("1d"))
        assertEquals("The match is over. Start a new one from the settings.", e.state.message)
        e.play(Move(cardFromCode("1d"), emptyList()))
        assertEquals("The match is over. Start a new one from the settings.", e.state.message)
        e.requestHint()
        assertEquals("The match is over. Start a new one from the settings.", e.state.message)
    }

    @Test
    fun fourPlayersPlayInTeamsWithAnAiPartner() {
        val c = newController()
        assertTrue(c.newMatch(Settings(players = 4, aiLevel = AiLevel.MEDIUM), seed = 404u))
        val v = c.state.view!!
        assertEquals(4u, v.players)
        assertEquals(listOf(listOf(0u, 2u), listOf(1u, 3u)), v.sides.map { it.seats })
        assertEquals(listOf(null, AiLevel.MEDIUM, AiLevel.MEDIUM, AiLevel.MEDIUM), v.aiLevels)
        val run = c.playToEnd(mostCards)
        checkFinishedMatch(c, run, players = 4)
        val seats = run.events.filterIsInstance<GameEvent.Played>().map { it.seat }.toSet()
        assertEquals(setOf(0u, 1u, 2u, 3u), seats)
        assertEquals(Texts.side(c.state.winnerSide!!, 4), if (c.state.winnerSide == 0) "Your team" else "Opponents")
    }

    @Test
    fun expertOpponentPlaysAFullMatchPacedLikeTheApp() {
        val pacer = ManualPacer()
        val c = GameController(store = InMemorySaveStore(), pacer = pacer, aiDelayMillis = 900)
        assertTrue(c.newMatch(Settings(players = 2, aiLevel = AiLevel.EXPERT), seed = 7u))
        val nanos = mutableListOf<Long>()
        val run = c.playToEnd(mostCards, pacer = pacer, aiNanos = nanos)
        checkFinishedMatch(c, run, players = 2)
        val aiPlays = run.events.count { it is GameEvent.Played && it.seat != c.humanSeat }
        assertEquals(aiPlays, nanos.size)
        val ms = nanos.map { it / 1_000_000.0 }.sorted()
        println("    expert AI: $aiPlays plays, median %.1f ms, max %.1f ms per paced AI step (move + autosave)".format(ms[ms.size / 2], ms.last()))
    }

    @Test
    fun threePlayersEachOnTheirOwn() {
        val c = newController()
        assertTrue(c.newMatch(Settings(players = 3, aiLevel = AiLevel.EASY, target = 16), seed = 33u))
        assertEquals(3, c.state.view!!.sides.size)
        val run = c.playToEnd(firstLegal)
        checkFinishedMatch(c, run, players = 3)
        assertEquals(16, c.state.settings.target)
    }

    @Test
    fun aiPlaysOnlyWhenThePacerFiresAndEventsComeInOrder() {
        val pacer = ManualPacer()
        val c = GameController(store = InMemorySaveStore(), pacer = pacer, aiDelayMillis = 650)
        // Find a seed where the AI leads, so the first thing is a scheduled AI play.
        var seed = 1uL
        while (true) {
            c.newMatch(Settings(players = 2, aiLevel = AiLevel.EASY), seed = seed)
            if (!c.state.view!!.isMyTurn) break
            seed++
        }
        assertTrue(c.state.aiPending)
        assertEquals(650L, pacer.pending.last().first)
        assertTrue(c.state.events.isEmpty())
        val before = c.state.view!!
        pacer.runAll() // the actions scheduled for the earlier seeds' matches do nothing
        val after = c.state.view!!
        assertTrue(after.isMyTurn)
        assertFalse(c.state.aiPending)
        assertEquals(before.playsInHand + 1u, after.playsInHand)
        val played = c.state.events.single() as GameEvent.Played
        assertEquals(1u, played.seat)
        assertEquals(after.lastPlay?.move, played.move)
        // The human plays: their event first; the AI's answer only after the pause.
        c.eventsShown(1)
        c.playLikeUi(after.legalMoves.first())
        assertEquals(1, c.state.events.size)
        assertEquals(0u, (c.state.events[0] as GameEvent.Played).seat)
        assertTrue(c.state.aiPending)
        assertTrue(pacer.runNext())
        assertEquals(listOf(0u, 1u), c.state.events.filterIsInstance<GameEvent.Played>().map { it.seat })
        // runAiTurns plays nothing when the human is to play.
        assertEquals(0, c.runAiTurns())
    }

    @Test
    fun settingsCoverEveryRulesOption() {
        assertEquals(Settings(), Settings.fromEngineDefaults(defaultRules()))
        val s = Settings(
            players = 4, deal = DealKind.SCOPONE_SCIENTIFICO, target = 21, primiera = PrimieraRule.LENIENT,
            ace = AceRule.TAKES_ALL, napola = true, reBello = true, kingsRedeal = false, aiLevel = AiLevel.HANDHELD,
        )
        val c = newController()
        assertTrue(c.newMatch(s, seed = 21u))
        val v = c.state.view!!
        assertEquals(s.toConfig().rules, v.rules)
        assertEquals(10, v.hand.size + if (v.lastPlay?.seat == 0u) 1 else 0)
        assertEquals(s, Settings.fromConfig(ScopaMatch.restore(SaveFile.decode(c.currentSave()!!).engine).config()))
        for (ace in AceRule.entries) for (p in PrimieraRule.entries) {
            val t = Settings(ace = ace, primiera = p, aiLevel = AiLevel.RANDOM)
            assertTrue(c.newMatch(t, seed = 1u))
            assertEquals(t.toConfig().rules, c.state.view!!.rules)
        }
        // The settings screen only offers the scopone deals with 4 players.
        c.updateSettings(Settings(players = 2, deal = DealKind.SCOPONE))
        assertEquals(DealKind.STANDARD, c.state.settings.deal)
        assertEquals(listOf(DealKind.STANDARD), Settings.dealsFor(3))
        assertEquals(DealKind.entries.toList(), Settings.dealsFor(4))
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
