// The scripted cross-front-end run through the app's controller, as a person would play it
// (the Swift twin of android/controller's ScriptRun.kt; same arguments, same output):
//
//     scopa-script-run SCRIPT TRANSCRIPT [--save FILE [--stop-at-save]] [--resume FILE]
//
// SCRIPT: `seed N`, a `session …` settings line, then one human move per line (`7d 5d 2c`:
// the card, then what it captures; a card alone is laid; at a table of 6 or 8, with two
// decks, `6b 3c 3c` takes both copies of a card) and optionally a `save` line; `#`
// comments and blank lines are ignored. When a person is to play (after the hand-over of
// pass-and-play was continued) the next line is taken: a move is tapped (the card, then the
// capture among the options if the session asks: the option whose cards are the move's, as
// a multiset — both are lists in canonical order, a card taken twice named twice, so they
// are compared as lists) and must be what the session plays; a
// `save` line writes the session's bytes to `--save FILE` (if given; `--stop-at-save` ends
// the run there). The AI plays when its timer fires, scopa banners end by their timer, and
// every hand summary is continued. TRANSCRIPT gets the settings line, the first deal and
// every event (scopa_core::session::transcript). With `--resume FILE` the run starts from
// those save bytes, plays the moves after the script's `save` line, and writes only the
// events after it resumed. Exit status 0, or 1 with the reason on stderr.
// Built by .ci/apps.sh with the ScopaController module (not a package target).

import Foundation
import ScopaController
import ScopaEngine

/// The glue, not the engine's object of the same name.
typealias GameController = ScopaController.GameController

struct ScriptError: Error { let message: String }

/// Runs the timers by hand, in order.
final class QueuePacer: Pacer {
    var pending: [() -> Void] = []
    func schedule(afterMillis: Int, _ action: @escaping () -> Void) { pending.append(action) }
    func runNext() -> Bool {
        guard !pending.isEmpty else { return false }
        pending.removeFirst()()
        return true
    }
}

func sessionMessage(_ error: Error) -> String {
    if let e = error as? ScriptError { return e.message }
    return messageOf(error)
}

func run(_ args: [String]) throws {
    var positional: [String] = []
    var saveTo: String?
    var resumeFrom: String?
    var stopAtSave = false
    var it = args.makeIterator()
    while let a = it.next() {
        switch a {
        case "--save": saveTo = it.next()
        case "--resume": resumeFrom = it.next()
        case "--stop-at-save": stopAtSave = true
        default: positional.append(a)
        }
    }
    guard positional.count == 2 else {
        throw ScriptError(message: "usage: SCRIPT TRANSCRIPT [--save FILE [--stop-at-save]] [--resume FILE]")
    }
    guard let text = FileManager.default.contents(atPath: positional[0]).map({ String(decoding: $0, as: UTF8.self) }) else {
        throw ScriptError(message: "cannot read \(positional[0])")
    }
    // The script's lines, read by the session (scopa_core::session::transcript::ScriptLine).
    var lines: [(Int, ScriptLine)] = []
    for (i, l) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        do {
            lines.append((i + 1, try parseScriptLine(line: String(l))))
        } catch {
            throw ScriptError(message: "line \(i + 1): \(messageOf(error))")
        }
    }
    var seed: UInt64?
    var settings: SessionSettings?
    var moves: [(Int, ScriptLine)] = []
    for (n, line) in lines {
        switch line {
        case .seed(let s): seed = s
        case .settings(let s): settings = s
        case .move, .save: moves.append((n, line))
        case .nothing: break
        }
    }
    guard let seed = seed else { throw ScriptError(message: "the script has no `seed N` line") }
    guard let settings = settings else { throw ScriptError(message: "the script has no `session …` line") }
    let pacer = QueuePacer()
    let store = InMemorySaveStore(resumeFrom.flatMap { FileManager.default.contents(atPath: $0) })
    var pacing = unattendedPacing()
    pacing.attended = true
    let c = GameController(store: store, pacer: pacer, lang: .en, pacing: pacing)
    // Every event of every frame the engine publishes, as transcript lines.
    var last: Frame?
    var events = ""
    c.onChange = { state in
        guard let f = state.frame, f != last else { return }
        last = f
        for e in f.events { events += e.line + "\n" }
    }
    var out = ""
    if let from = resumeFrom {
        guard store.data != nil else { throw ScriptError(message: "cannot read \(from)") }
        guard let at = moves.firstIndex(where: { $0.1 == .save }) else {
            throw ScriptError(message: "--resume needs a script with a `save` line")
        }
        moves = Array(moves[(at + 1)...])
        c.launch()
        if let m = c.state.message { throw ScriptError(message: m) }
        events = "" // the restored frame shows the hand's deal again: not a new event
    } else {
        out += try transcriptStart(settings: settings) + "\n"
        guard c.newMatch(settings, seed: seed) else { throw ScriptError(message: c.state.message ?? "the match did not start") }
    }
    var next = moves.makeIterator()
    loop: while true {
        while pacer.runNext() {}
        if let m = c.state.message { throw ScriptError(message: m) }
        guard let f = c.state.frame else { throw ScriptError(message: "no frame") }
        if let e = f.saveError { throw ScriptError(message: e) }
        if f.over { break loop }
        if !f.playable.isEmpty {
            guard let (lineNo, line) = next.next() else {
                throw ScriptError(message: "the script ended before the match (seat \(f.turn) to play)")
            }
            if case .move(let card, let capture) = line {
                try play(c, f.turn, card, capture, lineNo)
            } else if let to = saveTo {
                guard let bytes = c.currentSave(), FileManager.default.createFile(atPath: to, contents: bytes) else {
                    throw ScriptError(message: "cannot write the save to \(to)")
                }
                if stopAtSave { break loop }
            }
        } else if f.dueMs == nil && f.offers.proceed {
            c.press(.proceed)
        } else if pacer.pending.isEmpty {
            throw ScriptError(message: "stuck: \(f.status)")
        }
    }
    out += events
    if c.state.frame?.over == true, let (lineNo, _) = next.next() {
        throw ScriptError(message: "the match ended with script lines left, from line \(lineNo)")
    }
    guard FileManager.default.createFile(atPath: positional[1], contents: Data(out.utf8)) else {
        throw ScriptError(message: "cannot write \(positional[1])")
    }
}

/// Taps the move of script line `lineNo` for `seat`: the card, then its capture if asked.
func play(_ c: GameController, _ seat: UInt8, _ card: UInt8, _ capture: [UInt8], _ lineNo: Int) throws {
    c.select(card)
    if let options = c.state.frame?.captureOptions, !options.isEmpty {
        guard let index = options.firstIndex(where: { $0.cards == capture }) else {
            throw ScriptError(message: "line \(lineNo): the move is not among the captures of the card")
        }
        c.chooseCapture(index)
    }
    if let m = c.state.message ?? c.state.frame?.refusal { throw ScriptError(message: "line \(lineNo): \(m)") }
    let played = c.state.frame?.events.lazy.compactMap(\.play).first
    guard let p = played, p.seat == seat, p.card == card, p.takes == capture else {
        throw ScriptError(message: "line \(lineNo): card \(card) taking \(capture) is not a move seat \(seat) can make (the session played \(String(describing: played)))")
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("script-run: \(sessionMessage(error))\n".utf8))
    exit(1)
}
