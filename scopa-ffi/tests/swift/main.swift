// The Swift test of scopa-ffi, compiled with swiftc together with the generated bindings
// (ScopaEngine.swift, C module ScopaEngineFFI) and linked against libscopa_ffi.so.
// Driven by .ci/ffi.sh inside a Debian trixie chroot. This file holds the harness; the
// tests are in SettingsTests.swift and ControllerTests.swift.
//
// Arguments: zero or more `session:<seed>:<players>:<level>=<hash>` transcript hashes
// computed by the Rust side; each must be reproduced here. Prints one line per test and a
// closing `ffi-swift: N passed, M failed`; exits 1 on failure.

import Foundation

#if canImport(ScopaEngine)
import ScopaEngine
#endif

// Line-buffered output, so a CI log piped through tee shows progress as it happens.
setvbuf(stdout, nil, _IOLBF, 0)

struct Failure: Error, CustomStringConvertible {
    let description: String
}

var passed = 0
var failed = 0

func test(_ name: String, _ body: () throws -> Void) {
    do {
        try body()
        passed += 1
        print("ok   \(name)")
    } catch {
        failed += 1
        print("FAIL \(name): \(error)")
    }
}

func check(_ cond: Bool, _ what: @autoclosure () -> String) throws {
    if !cond { throw Failure(description: what()) }
}

func eq<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws {
    if actual != expected { throw Failure(description: "\(what): expected <\(expected)>, got <\(actual)>") }
}

/// 64-bit FNV-1a of the UTF-8 text, as the Rust side hashes transcripts.
func fnv1a(_ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text.utf8 {
        h ^= UInt64(b)
        h = h &* 0x0000_0100_0000_01b3
    }
    return h
}

let levels: [String: AiLevel] = ["random": .random, "easy": .easy, "medium": .medium, "expert": .expert, "handheld": .handheld]
let args = Array(CommandLine.arguments.dropFirst())

settingsTests(args)
controllerTests(args)

print("ffi-swift: \(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
