import Dispatch

/// Runs the controller's delayed work (the pause before an AI play, so the player can
/// follow). Every action must run on the controller's thread (the main thread in the app).
public protocol Pacer: AnyObject {
    func schedule(afterMillis: Int, _ action: @escaping () -> Void)
}

/// Runs actions at once, one after the other: an action scheduled while another runs is
/// queued, not nested, so a whole AI-only match does not grow the stack.
public final class ImmediatePacer: Pacer {
    private var queue: [() -> Void] = []
    private var running = false
    public private(set) var scheduled = 0

    public init() {}

    public func schedule(afterMillis: Int, _ action: @escaping () -> Void) {
        scheduled += 1
        queue.append(action)
        if running { return }
        running = true
        defer { running = false }
        while !queue.isEmpty {
            queue.removeFirst()()
        }
    }
}

/// Runs actions on the main queue after the delay (the app's pacer).
public final class MainQueuePacer: Pacer {
    public init() {}

    public func schedule(afterMillis: Int, _ action: @escaping () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(afterMillis), execute: action)
    }
}
