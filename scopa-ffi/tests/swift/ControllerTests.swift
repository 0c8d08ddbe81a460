// The Swift tests of scopa-ffi's GameController: the engine's whole flow behind three
// foreign traits implemented here as an app implements them (called from main.swift with
// its test / check / eq helpers).

import Foundation

#if canImport(ScopaEngine)
import ScopaEngine
#endif

/// A store in memory; `broken` makes every write fail.
final class MemoryStore: SaveStore, @unchecked Sendable {
    var saves: [Data] = []
    var broken = false
    func write(bytes: Data) throws {
        if broken { throw StoreError.Failed(reason: "disk full") }
        saves.append(bytes)
    }
}

/// The app's timer and screen: the last delay asked for, every frame received.
final class Platform: Timer, FrameListener, @unchecked Sendable {
    var due: (after: UInt32, token: UInt32)?
    var frames: [Frame] = []
    var receivedAt: UInt64 = 0
    func schedule(afterMs: UInt32, token: UInt32) { due = (afterMs, token) }
    func onFrame(frame: Frame) {
        receivedAt = DispatchTime.now().uptimeNanoseconds
        frames.append(frame)
    }
    var last: Frame { frames[frames.count - 1] }
}

extension Frame {
    /// The cards of the hand the viewer may play now (empty: nothing to play).
    var playable: [CardChoice] {
        if case let .cards(cards) = choices { return cards }
        return []
    }
    /// The capture options open now.
    var captureOptions: [CaptureOption] {
        if case let .captures(_, options) = choices { return options }
        return []
    }
    /// The delay running (nil: the session waits for a person).
    var dueMs: UInt32? {
        if case let .due(due) = next { return due.afterMs }
        return nil
    }
}

func controller(_ settings: SessionSettings, _ seed: UInt64, _ store: MemoryStore, _ p: Platform, _ pacing: Pacing = appsPacing()) throws -> GameController {
    let c = try GameController(settings: settings, seed: seed, pacing: pacing, store: store, timer: p, listener: p)
    try c.resume()
    return c
}

/// One step as a person would take it (the first card, the first capture, the timer, continue); false at the end.
func step(_ c: GameController, _ p: Platform) throws -> Bool {
    let f = p.last
    if f.over { return false }
    if f.dueMs != nil {
        let token = p.due!.token
        p.due = nil
        try c.fire(token: token)
    } else if !f.playable.isEmpty {
        try c.select(card: f.playable[0].card.card)
    } else if !f.captureOptions.isEmpty {
        try c.capture(index: 0)
    } else {
        try c.proceed()
    }
    return true
}

func controllerTests(_ args: [String]) {
    test("controller: a whole match, one save and one frame per change") {
        let store = MemoryStore()
        let p = Platform()
        let c = try controller(sessionSettings(2, [nil, .easy]), 42, store, p)
        try eq(store.saves.count, 1, "a new session is saved at once")
        try check(p.last.events[0].text.hasPrefix("Hand 1"), "the deal first: \(p.last.events)")
        var changes = 0
        while true {
            let frames = p.frames.count
            let saves = store.saves.count
            if !(try step(c, p)) { break }
            try eq(p.frames.count, frames + 1, "one frame per change")
            try eq(store.saves.count, saves + 1, "one save per change")
            try eq(store.saves.last!, try c.save(), "the store holds the session")
            changes += 1
        }
        try check(changes > 20, "\(changes) changes")
        guard case .matchOver = p.last.banner?.kind else { throw Failure(description: "match over: \(String(describing: p.last.banner))") }
        try eq(p.last.offers.rematch, true, "a rematch is offered")
        try check(p.frames.flatMap(\.events).last!.line.hasPrefix("winner "), "the last event")
    }

    test("controller: watch-mode transcripts equal the Rust ones") {
        let specs = args.filter { $0.hasPrefix("session:") }
        try check(!specs.isEmpty, "no transcript hashes given")
        for arg in specs {
            let parts = arg.dropFirst("session:".count).split(separator: "=")
            let spec = parts[0].split(separator: ":")
            let (seed, players, level) = (UInt64(spec[0])!, UInt32(spec[1])!, levels[String(spec[2])]!)
            let settings = sessionSettings(players, [AiLevel?](repeating: level, count: Int(players)))
            let p = Platform()
            let c = try controller(settings, seed, MemoryStore(), p, unattendedPacing())
            while try step(c, p) {}
            let lines = [try transcriptStart(settings: settings)] + p.frames.flatMap { $0.events.map(\.line) }
            let hash = String(fnv1a(lines.map { $0 + "\n" }.joined()), radix: 16)
            try eq(String(repeating: "0", count: 16 - hash.count) + hash, String(parts[1]), "transcript of \(parts[0])")
            print("     controller transcript \(parts[0]): hash \(parts[1])")
        }
    }

    test("controller: stale timers do nothing; a failed save shows and is written later") {
        let store = MemoryStore()
        let p = Platform()
        // A seed where the AI leads: its delay is armed at once.
        var seed: UInt64 = 1
        var c = try controller(sessionSettings(2, [.easy, nil]), seed, store, p)
        while p.due == nil {
            seed += 1
            c = try controller(sessionSettings(2, [.easy, nil]), seed, store, p)
        }
        let (after, token) = p.due!
        try eq(after, 900, "the AI's pause")
        let frames = p.frames.count
        try c.fire(token: token + 7)
        try eq(p.frames.count, frames, "a stale token: no frame")
        store.broken = true
        try c.fire(token: token)
        try eq(p.last.saveError, "The match could not be saved: disk full", "save error")
        store.broken = false
        try c.resume()
        try eq(p.last.saveError, nil, "written at the next chance")
        while p.last.playable.isEmpty { try c.fire(token: p.due!.token) }
        try eq(store.saves.last!, try c.save(), "the owed save")
        try expectSession("InvalidCard", "card index 40 is not 0 to 39", sInvalidCard) { try c.select(card: 40) }
        try c.proceed()
        try eq(p.last.refusal, "Continuing is not possible now: Your turn: play a card.", "a refusal shows in the frame")
        try expectSession(
            "Internal",
            "internal error in scopa-ffi (please report it): GameController.test_panic_holding_lock panicked: test hook: panic while holding the controller lock",
            sInternal
        ) { try c.testPanicHoldingLock() }
        try c.select(card: p.last.playable[0].card.card)
        try eq(p.last.refusal, nil, "the controller goes on after a panic")
    }

    test("controller: a tap (select until the listener has the frame), median from Swift") {
        // Two people (pass-and-play): per play, select(first card) until on_frame has the
        // new frame is measured; hand-overs and capture choices are played unmeasured.
        var samples: [UInt64] = []
        var seed: UInt64 = 1000
        let settings = sessionSettings(2, [nil, nil])
        for phase in 0..<2 {
            var n = 0
            while n < (phase == 0 ? 2000 : 20000) {
                let p = Platform()
                let c = try controller(settings, seed, MemoryStore(), p)
                seed += 1
                while true {
                    let f = p.last
                    if f.over { break }
                    if !f.playable.isEmpty {
                        let t0 = DispatchTime.now().uptimeNanoseconds
                        try c.select(card: f.playable[0].card.card)
                        if phase == 1 { samples.append(p.receivedAt - t0) }
                        n += 1
                    } else if !f.captureOptions.isEmpty {
                        try c.capture(index: 0)
                    } else if f.dueMs != nil {
                        try c.fire(token: p.due!.token)
                    } else {
                        try c.proceed()
                    }
                }
            }
        }
        samples.sort()
        let us = { (q: Int) in String(format: "%.1f", Double(samples[samples.count * q / 100]) / 1000) }
        let median = Double(samples[samples.count / 2]) / 1000
        print("     tap (select + on_frame), \(samples.count) samples: median \(us(50)) µs (goal 50 µs: \(median <= 50 ? "met" : "missed")), p90 \(us(90)) µs")
    }
}
