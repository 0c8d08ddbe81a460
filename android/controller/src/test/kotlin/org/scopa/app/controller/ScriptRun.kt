package org.scopa.app.controller

import java.io.File
import kotlin.system.exitProcess
import org.scopa.engine.Lang
import org.scopa.engine.ScriptLine
import org.scopa.engine.SessionException
import org.scopa.engine.parseScriptLine
import org.scopa.engine.transcriptStart

/**
 * The scripted cross-front-end run through the app's controller, as a person would play it:
 *
 *     ScriptRunKt SCRIPT TRANSCRIPT [--save FILE [--stop-at-save]] [--resume FILE]
 *
 * SCRIPT: `seed N`, a `session …` settings line, then one human move per line (`7d 5d 2c`:
 * the card, then what it captures; a card alone is laid; at a table of 6 or 8, with two
 * decks, `6b 3c 3c` takes both copies of a card) and optionally a `save` line;
 * `#` comments and blank lines are ignored. When a person is to play (after the hand-over
 * of pass-and-play was continued) the next line is taken: a move is tapped (the card, then
 * the capture among the options if the session asks: the option whose cards are the move's,
 * as a multiset — both are lists in canonical order, a card taken twice named twice, so
 * they are compared as lists) and must be what the session plays; a
 * `save` line writes the session's bytes to `--save FILE` (if given; `--stop-at-save` ends
 * the run there). The AI plays when its timer fires, scopa banners end by their timer, and
 * every hand summary is continued. TRANSCRIPT gets the settings line, then the transcript
 * line of every event of every frame the engine published (the first deal included). With `--resume FILE` the run starts from
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
    // The script's lines, read by the session (`scopa_core::session::transcript::ScriptLine`).
    val lines = File(positional[0]).readLines().mapIndexed { i, text ->
        IndexedValue(i + 1, try {
            parseScriptLine(text)
        } catch (e: SessionException) {
            throw ScriptError("line ${i + 1}: ${e.message}")
        })
    }
    val seed = lines.firstNotNullOfOrNull { (it.value as? ScriptLine.Seed)?.seed } ?: throw ScriptError("the script has no `seed N` line")
    val settings = lines.firstNotNullOfOrNull { (it.value as? ScriptLine.Settings)?.settings }
        ?: throw ScriptError("the script has no `session …` line")
    var moves = lines.filter { it.value is ScriptLine.Move || it.value is ScriptLine.Save }
    val pacer = ManualPacer()
    val rec = Recorder()
    val store = InMemorySaveStore(resumeFrom?.let { File(it).readBytes() })
    val c = newController(store, pacer, Lang.EN, rec)
    val out = StringBuilder()
    if (resumeFrom != null) {
        val at = moves.indexOfFirst { it.value is ScriptLine.Save }
        if (at < 0) throw ScriptError("--resume needs a script with a `save` line")
        moves = moves.drop(at + 1)
        c.launch()
        c.state.message?.let { throw ScriptError(it) }
        rec.lines.clear() // the restored frame shows the hand's deal again: not a new event
    } else {
        out.append(transcriptStart(settings)).append('\n')
        if (!c.newMatch(settings, seed)) throw ScriptError(c.state.message ?: "the match did not start")
    }
    val next = moves.iterator()
    loop@ while (true) {
        while (pacer.runNext()) {}
        c.state.message?.let { throw ScriptError(it) }
        val f = c.frame
        f.saveError?.let { throw ScriptError(it) }
        when {
            f.over -> break@loop
            f.playable.isNotEmpty() -> {
                val line = if (next.hasNext()) next.next() else throw ScriptError("the script ended before the match (seat ${f.turn} to play)")
                when (val move = line.value) {
                    is ScriptLine.Move -> play(c, f.turn, move, line.index)
                    else -> {
                        saveTo?.let { File(it).writeBytes(c.currentSave() ?: throw ScriptError("nothing to save")) }
                        if (stopAtSave && saveTo != null) break@loop
                    }
                }
            }
            f.offers.proceed && f.dueMs == null -> c.press(Command.PROCEED)
            pacer.pending.isEmpty() -> throw ScriptError("stuck: ${f.status}")
        }
    }
    for (l in rec.lines) out.append(l).append('\n')
    if (c.frame.over && next.hasNext()) {
        throw ScriptError("the match ended with script lines left, from line ${next.next().index}")
    }
    File(positional[1]).writeText(out.toString())
}

/** Taps the move of script line [lineNo] for [seat]: the card, then its capture if asked. */
private fun play(c: GameController, seat: UByte, move: ScriptLine.Move, lineNo: Int) {
    val (card, capture) = move
    c.select(card)
    if (c.frame.captureOptions.isNotEmpty()) {
        val index = c.frame.captureOptions.indexOfFirst { it.cards == capture }
        if (index < 0) throw ScriptError("line $lineNo: the move is not among the captures of the card")
        c.chooseCapture(index)
    }
    c.frame.refusal?.let { throw ScriptError("line $lineNo: $it") }
    val played = c.frame.events.firstNotNullOfOrNull { it.play }
    if (played?.seat != seat || played.card != card || played.takes != capture) {
        throw ScriptError("line $lineNo: $move is not a move seat $seat can make (the session played $played)")
    }
}
