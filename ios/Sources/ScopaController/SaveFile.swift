import Foundation

/// The save file is not one this app wrote (or it was damaged).
public struct SaveFormatError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public var description: String { message }
}

/// The app's save file: a 10-byte header around the engine's opaque save bytes
/// (`ScopaMatch.save()`), identical on iOS and Android:
///
/// | bytes | content |
/// | --- | --- |
/// | 0–7 | `SCOPAAPP` (ASCII) |
/// | 8 | format version, 1 |
/// | 9 | flags: bit 0 = the hand summary was on screen (not yet dismissed) |
/// | 10– | the engine's save (checked by `ScopaMatch.restore`) |
public enum SaveFile {
    static let magic = Array("SCOPAAPP".utf8)
    public static let version: UInt8 = 1
    public static let headerSize = 10
    static let flagHandSummary: UInt8 = 1

    public static func encode(engine: Data, handSummaryPending: Bool) -> Data {
        var out = Data(magic)
        out.append(version)
        out.append(handSummaryPending ? flagHandSummary : 0)
        out.append(engine)
        return out
    }

    /// The engine's bytes and whether the hand summary was showing.
    public static func decode(_ data: Data) throws -> (engine: Data, handSummaryPending: Bool) {
        let bytes = [UInt8](data)
        guard bytes.count >= headerSize else {
            throw SaveFormatError(
                message: "the file has \(bytes.count) bytes, fewer than the \(headerSize) of the header")
        }
        guard Array(bytes[0..<8]) == magic else {
            throw SaveFormatError(message: "the file does not start with SCOPAAPP: it is not a save of this app")
        }
        guard bytes[8] == version else {
            throw SaveFormatError(
                message: "the save has format version \(bytes[8]); this app reads version \(version)")
        }
        guard bytes[9] & ~flagHandSummary == 0 else {
            throw SaveFormatError(
                message: "unknown flags 0x\(String(bytes[9], radix: 16)) in byte 9 of the header")
        }
        return (Data(bytes[headerSize...]), bytes[9] & flagHandSummary != 0)
    }
}
