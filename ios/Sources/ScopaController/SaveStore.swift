import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A save could not be read or written; `message` says which file and why.
public struct SaveStoreError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Where the controller keeps the autosave of the match in progress.
public protocol SaveStore: AnyObject {
    /// The saved bytes, or nil when nothing is saved.
    func load() throws -> Data?
    /// Replaces the save with `data`, atomically: after a crash either the old or the new
    /// save is there, whole.
    func save(_ data: Data) throws
    /// Removes the save.
    func clear() throws
    /// Moves an unreadable save out of the way, keeping a copy for a bug report; returns
    /// where the copy went (for the user), or nil if there was nothing to keep.
    func setAside() throws -> String?
}

/// A save in one file. `save` writes a temporary file in the same directory, flushes it to
/// the disk (fsync), renames it over the save (rename(2), atomic) and fsyncs the directory.
/// `setAside` renames an unreadable save to `<name>.corrupt`.
public final class FileSaveStore: SaveStore {
    public let path: String
    public var corruptPath: String { path + ".corrupt" }

    public init(path: String) { self.path = path }

    private static func errno_(_ what: String) -> SaveStoreError {
        SaveStoreError("\(what): \(String(cString: strerror(errno)))")
    }

    public func load() throws -> Data? {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
        if isDir.boolValue { throw SaveStoreError("\(path) is not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SaveStoreError("cannot read \(path)")
        }
        return data
    }

    public func save(_ data: Data) throws {
        let dir = (path as NSString).deletingLastPathComponent
        let dirPath = dir.isEmpty ? "." : dir
        do {
            try FileManager.default.createDirectory(atPath: dirPath, withIntermediateDirectories: true)
        } catch {
            throw SaveStoreError("cannot create the save directory \(dirPath): \(error.localizedDescription)")
        }
        let name = (path as NSString).lastPathComponent
        var template = Array("\(dirPath)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw FileSaveStore.errno_("cannot create a temporary file in \(dirPath)") }
        let tmp = String(cString: template)
        var ok = false
        defer {
            if !ok { unlink(tmp) }
        }
        do {
            defer { close(fd) }
            var offset = 0
            let bytes = [UInt8](data)
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileSaveStore.errno_("cannot write \(tmp)")
                }
                offset += n
            }
            if fsync(fd) != 0 { throw FileSaveStore.errno_("cannot flush \(tmp) to the disk") }
        }
        if rename(tmp, path) != 0 { throw FileSaveStore.errno_("cannot rename \(tmp) to \(path)") }
        ok = true
        // Make the rename itself durable; not every file system lets a directory be fsynced.
        let dfd = open(dirPath, O_RDONLY)
        if dfd >= 0 {
            _ = fsync(dfd)
            close(dfd)
        }
    }

    public func clear() throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw FileSaveStore.errno_("cannot delete the save \(path)")
        }
    }

    public func setAside() throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        if rename(path, corruptPath) != 0 {
            throw FileSaveStore.errno_("cannot rename \(path) to \(corruptPath)")
        }
        return corruptPath
    }
}

/// A save kept in memory (tests; previews).
public final class InMemorySaveStore: SaveStore {
    public private(set) var data: Data?
    public private(set) var setAsideData: Data?
    public private(set) var writes = 0

    public init(_ initial: Data? = nil) { data = initial }

    public func load() throws -> Data? { data }

    public func save(_ data: Data) throws {
        self.data = data
        writes += 1
    }

    public func clear() throws { data = nil }

    public func setAside() throws -> String? {
        guard let d = data else { return nil }
        setAsideData = d
        data = nil
        return "memory"
    }
}
