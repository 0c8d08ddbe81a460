package org.scopa.app.controller

import java.io.File
import kotlin.system.exitProcess
import org.scopa.engine.Lang
import org.scopa.engine.Phase
import org.scopa.engine.SessionEvent
import org.scopa.engine.SessionException
import org.scopa.engine.cardIndex
import org.scopa.engine.settingsFromLine
import org.scopa.engine.transcriptEvent
import org.scopa.engine.transcriptStart

/**
 * The scripted cross-front-end run through the app's controller, as a person would play it:
 *
 *     ScriptRunKt SCRIPT TRANSCRIPT [--save FILE [--stop-at-save]] [--resume FILE]
 *
 * SCRIPT: `seed N`, a `session …` settings line, then one human move per line (`7d 5d 2c`:
 * the card, then what it captures; a card alone is laid) and optionally a `save` line;
 * `#` comments and blank lines are ignored. When a person is to play (after the hand-over
 * of pass-and-play was continued) the next line is taken: a move is tapped (the card, then
 * the capture among the options if the session asks) and must be what the session plays; a
 * `save` line writes the session's bytes to `--save FILE` (if given; `--stop-at-save` ends
 * the run there). The AI plays when its timer fires, scopa banners end by their timer, and
 * every hand summary is continued. TRANSCRIPT gets the settings line, the first deal and
 * every event (`scopa_core::session::transcript`). With `--resume FILE` the run starts from
 * those save bytes, plays the moves after the script's `save` line, and writes only the
 * events after it resumed. Exit status 0, or 1 with the reason on stderr.
 */
fun main(args: Array<String>) {
    try {
        runScript(args.toList())
    } catch (e: ScriptError) {
        System.err.println("script-run: ${e.message}")
        exitProcess(1)
    } catch (e: SessionException) {
        System.err.println("script-run: ${e.message}")
        exitProcess(1)
    }
}

class ScriptError(message: String) : Exception(message)

fun runScript(args: List<String>) {
    val positional = mutableListOf<String>()
    var saveTo: String? = null
    var resumeFrom: String? = null
    var stopAtSave = false
    var i = 0
    while (i < args.size) {
        when (val a = args[i++]) {
            "--save" -> saveTo = args.getOrNull(i++) ?: throw ScriptError("--save needs a file")
            "--resume" -> resumeFrom = args.getOrNull(i++) ?: throw ScriptError("--resume needs a file")
            "--stop-at-save" -> stopAtSave = true
            else -> positional += a
        }
    }
    if (positional.size != 2) throw ScriptError("usage: SCRIPT TRANSCRIPT [--save FILE [--stop-at-save]] [--resume FILE]")
    val lines = File(positional[0]).readLines().map { it.substringBefore('#').trim() }.withIndex().filter { it.value.isNotEmpty() }
    val seed = lines.firstOrNull { it.value.startsWith("seed ") }?.value?.removePrefix("seed ")?.trim()?.toULongOrNull()
        ?: throw ScriptError("the script has no `seed N` line")
    val settingsLine = lines.firstOrNull { it.value.startsWith("session ") } ?: throw ScriptError("the script has no `session …` line")
    val settings = settingsFromLine(settingsLine.value)
    var moves = lines.filter { it.index > settingsLine.index && !it.value.startsWith("seed ") }
    val pacer = ManualPacer()
    val store = InMemorySaveStore(resumeFrom?.let { File(it).readBytes() })
    val c = GameController(store, pacer, Lang.EN, aiDelayMillis = 0, bannerMillis = 0)
    val out = StringBuilder()
    if (resumeFrom != null) {
        val at = moves.indexOfFirst { it.value == "save" }
        if (at < 0) throw ScriptError("--resume needs a script with a `save` line")
        moves = moves.drop(at + 1)
        c.launch()
        c.state.message?.let { throw ScriptError(it) }
    } else {
        out.append(transcriptStart(settings)).append('\n')
        if (!c.newMatch(settings, seed)) throw ScriptError(c.state.message ?: "the match did not start")
    }
    val events = mutableListOf<SessionEvent>()
    fun drain() {
        c.drainEvents(events)
        for (e in events) out.append(transcriptEvent(e)).append('\n')
        events.clear()
    }
    val next = moves.iterator()
    loop@ while (true) {
        while (pacer.runNext()) drain()
        drain()
        c.state.message?.let { throw ScriptError(it) }
        when (val phase = c.state.phase) {
            is Phase.MatchOver -> break@loop
            is Phase.HandSummary, is Phase.HandOff -> c.proceed()
            is Phase.Play -> {
                val line = if (next.hasNext()) next.next() else throw ScriptError("the script ended before the match (seat ${phase.seat} to play)")
                if (line.value == "save") {
                    saveTo?.let { File(it).writeBytes(c.currentSave() ?: throw ScriptError("nothing to save")) }
                    if (stopAtSave && saveTo != null) break@loop
                    continue@loop
                }
                play(c, phase.seat, line.value, line.index + 1)
            }
            else -> if (pacer.pending.isEmpty()) throw ScriptError("stuck in $phase")
        }
    }
    drain()
    if (c.state.phase is Phase.MatchOver && next.hasNext()) {
        throw ScriptError("the match ended with script lines left, from line ${next.next().index + 1}")
    }
    File(positional[1]).writeText(out.toString())
}

/** Taps the move of script line [lineNo] for [seat]: the card, then its capture if asked. */
private fun play(c: GameController, seat: UByte, move: String, lineNo: Int) {
    val cards = try {
        move.split(Regex("\\s+")).map { cardIndex(it) }
    } catch (e: SessionException) {
        throw ScriptError("line $lineNo: ${e.message}")
    }
    val card = cards.first()
    val capture = cards.drop(1).fold(0uL) { m, k -> m or maskOf(k) }
    c.select(card)
    if (c.state.phase is Phase.ChooseCapture) {
        val index = c.state.captureOptions.indexOf(capture)
        if (index < 0) throw ScriptError("line $lineNo: `$move` is not among the captures of the card")
        c.chooseCapture(index)
    }
    c.state.message?.let { throw ScriptError("line $lineNo: `$move`: $it") }
    val played = c.state.events.map { it.event }.filterIsInstance<SessionEvent.Played>().firstOrNull()
    if (played != SessionEvent.Played(seat, card, capture)) {
        throw ScriptError("line $lineNo: `$move` is not the move seat $seat can make (the session played $played)")
    }
}
