package org.scopa.app.controller

/**
 * Runs the controller's delayed work (the pause before an AI play, so the player can follow).
 * Every action runs on the controller's thread: the UI passes a pacer posting to its main
 * thread; tests pass [ImmediatePacer] or a manual one.
 */
fun interface Pacer {
    fun schedule(delayMillis: Long, action: () -> Unit)
}

/**
 * Runs actions at once, without waiting, one after the other: an action scheduled while
 * another runs is queued, not nested, so a whole AI-only match does not grow the stack.
 */
class ImmediatePacer : Pacer {
    private val queue = ArrayDeque<() -> Unit>()
    private var running = false
    var scheduled: Int = 0
        private set

    override fun schedule(delayMillis: Long, action: () -> Unit) {
        scheduled++
        queue.addLast(action)
        if (running) return
        running = true
        try {
            while (queue.isNotEmpty()) queue.removeFirst()()
        } finally {
            running = false
        }
    }
}
