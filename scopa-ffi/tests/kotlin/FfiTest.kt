// The Kotlin test of scopa-ffi, run on the JVM against the host libscopa_ffi.so through the
// generated bindings (package org.scopa.engine). Driven by scopa-ffi/tests/kotlin/run.sh.
// This file holds the harness and the tests of the functions around the GameController
// (settings, fixed words, script lines, typed errors); ControllerTest.kt the controller's.
//
// Arguments: zero or more `session:<seed>:<players>:<level>=<hash>` transcript hashes computed
// by the Rust side (cargo run -p scopa-ffi --example transcript, through the GameController); each must be reproduced
// here. Prints one line per test and a closing `ffi-kotlin: N passed, M failed`; exits 1 on
// failure.

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

/** 64-bit FNV-1a of the UTF-8 text, as the Rust side hashes transcripts. */
fun fnv1a(text: String): ULong {
    var h = 0xcbf29ce484222325uL
    for (b in text.toByteArray(Charsets.UTF_8)) {
        h = h xor (b.toUByte().toULong())
        h *= 0x100000001b3uL
    }
    return h
}

fun sessionSettings(players: Int, seats: List<AiLevel?>, lang: Lang = Lang.EN): SessionSettings =
    SessionSettings(defaultRules().copy(players = players.toUInt()), seats, undo = false, lang = lang)

fun main(args: Array<String>) {
    test("settings: errors of settings and saves are typed and in the player's language") {
        expectSession<SessionException.InvalidSettings>("la distribuzione Scopone (9 a testa, 4 in tavola) vuole 4 giocatori, non 3") {
            val st = sessionSettings(3, listOf(null, null, null), Lang.IT)
            checkSettings(st.copy(rules = st.rules.copy(deal = DealKind.SCOPONE)))
        }
        val p = Platform()
        expectSession<SessionException.InvalidSettings>("undo is only for one person playing against the computer, and 2 seats are people") {
            GameController(sessionSettings(2, listOf(null, null)).copy(undo = true), 1uL, appsPacing(), MemoryStore(), p, p)
        }
        check(p.frames.isEmpty()) { "no frame from a refused controller" }
        val c = controller(sessionSettings(2, listOf(null, AiLevel.EASY), Lang.IT), 9uL, MemoryStore(), p)
        val bad = c.save().also { it[200] = (it[200].toInt() xor 0x40).toByte() }
        expectSession<SessionException.BadSave>(
            "La partita salvata non si può leggere: il salvataggio è danneggiato (il checksum non corrisponde)"
        ) { GameController.restore(bad, Lang.IT, appsPacing(), MemoryStore(), p, p) }
        expectSession<SessionException.BadSave>(null) { GameController.restore(ByteArray(0), Lang.EN, appsPacing(), MemoryStore(), p, p) }
        expectSession<SessionException.BadScriptLine>(null) { parseScriptLine("11x") }
    }

    test("settings: default rules, texts in both languages, script lines") {
        eq(defaultRules(), RulesConfig(2u, DealKind.STANDARD, 11u, PrimieraRule.CLASSIC, AceRule.PLAIN, false, false, true), "defaultRules")
        eq(defaultSettings(Lang.IT).lang, Lang.IT, "default settings' language")
        checkSettings(defaultSettings(Lang.EN))
        val it = uiTexts(Lang.IT)
        eq(it.cards[6], "7 di denari", "card name")
        eq(it.labels.newMatch, "Nuova partita", "label")
        eq(uiTexts(Lang.EN).labels.carryOn, "Continue", "label")
        eq(langFromTag("it-IT"), Lang.IT, "lang of it-IT")
        eq(langFromTag("en-GB"), Lang.EN, "lang of en-GB")
        eq(parseScriptLine("10b 1d 9d # a move"), ScriptLine.Move(39u, listOf<UByte>(0u, 8u)), "script line")
        // Two decks (6 or 8 players): both copies of the 3 of coppe, named twice.
        eq(parseScriptLine("6b 3c 3c"), ScriptLine.Move(35u, listOf<UByte>(12u, 12u)), "script line taking a card twice")
        eq(maxSeats(), 8.toUByte(), "maxSeats")
        for (players in listOf(6, 8)) {
            checkSettings(sessionSettings(players, List(players) { null }))
            val b = sessionSettings(players, List(players) { AiLevel.EASY }).copy(briscola = BriscolaConfig(players.toUByte(), 3u, 2u))
            checkSettings(b)
            eq((parseScriptLine(transcriptStart(b)) as ScriptLine.Settings).settings.briscola, b.briscola, "Briscola at $players read back")
        }
        expectSession<SessionException.InvalidSettings>(null) { checkSettings(sessionSettings(7, List(7) { null })) }
        val settings = sessionSettings(3, listOf(null, AiLevel.EXPERT, AiLevel.HANDHELD))
        val line = transcriptStart(settings)
        eq(line, "session players 3 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human expert handheld", "transcript start")
        val back = (parseScriptLine(line) as ScriptLine.Settings).settings
        eq(back.rules, settings.rules, "rules read back")
        eq(back.seats.take(3), settings.seats, "seats read back")
    }

    controllerTests(args)

    println("ffi-kotlin: $passed passed, $failed failed")
    exitProcess(if (failed == 0) 0 else 1)
}

/** Runs [block], which must throw exactly [E] (with exactly [message] unless null). */
inline fun <reified E : SessionException> expectSession(message: String?, block: () -> Unit) {
    try {
        block()
    } catch (e: SessionException) {
        if (e !is E) throw AssertionError("expected ${E::class.qualifiedName}, got ${e::class.qualifiedName}: ${e.message}")
        if (message != null) eq(e.message, message, "message of ${E::class.simpleName}")
        check(!e.message.isNullOrEmpty()) { "empty message" }
        return
    }
    throw AssertionError("expected ${E::class.qualifiedName}, nothing was thrown")
}
