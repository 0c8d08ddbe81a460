package org.scopa.app.controller

import kotlin.system.exitProcess
import org.junit.runner.Description
import org.junit.runner.JUnitCore
import org.junit.runner.notification.Failure
import org.junit.runner.notification.RunListener

/**
 * The CI entry point (.ci/apps.sh compiles the tests with kotlinc and runs this on the JVM,
 * since Gradle cannot run there): runs [GameControllerTest] with JUnit 4, prints one line per
 * test and `apps-kotlin: N passed, M failed`, exits 1 on any failure. Gradle runs the same
 * test class with its own JUnit runner.
 */
object CiMain {
    @JvmStatic
    fun main(args: Array<String>) {
        var passed = 0
        var failed = 0
        val failedNow = mutableSetOf<Description>()
        val started = mutableMapOf<Description, Long>()
        val core = JUnitCore()
        core.addListener(object : RunListener() {
            override fun testStarted(d: Description) {
                started[d] = System.nanoTime()
            }

            override fun testFailure(f: Failure) {
                failedNow += f.description
                println("FAIL ${f.description.methodName}: ${f.message?.take(2000)}")
                f.exception.stackTrace.filter { it.className.startsWith("org.scopa") }.forEach { println("\tat $it") }
            }

            override fun testFinished(d: Description) {
                val ms = (System.nanoTime() - (started[d] ?: System.nanoTime())) / 1_000_000
                if (d in failedNow) failed++ else {
                    passed++
                    println("ok   ${d.methodName} (${ms} ms)")
                }
            }
        })
        val result = core.run(GameControllerTest::class.java)
        if (result.runCount == 0) failed++
        println("apps-kotlin: $passed passed, $failed failed")
        exitProcess(if (failed == 0) 0 else 1)
    }
}
