import Foundation
import ScopaEngine

/// Creates and restores engine matches (the engine itself in the app; wrappers in tests).
public protocol MatchFactory {
    func create(config: GameConfig, seed: UInt64) throws -> ScopaMatch
    func restore(bytes: Data) throws -> ScopaMatch
}

/// The scopa-ffi engine.
public struct EngineMatchFactory: MatchFactory {
    public init() {}

    public func create(config: GameConfig, seed: UInt64) throws -> ScopaMatch {
        try ScopaMatch(config: config, seed: seed)
    }

    public func restore(bytes: Data) throws -> ScopaMatch {
        try ScopaMatch.restore(bytes: bytes)
    }
}
