// The CI entry point of the Swift controller tests on Linux (.ci/apps.sh compiles it with
// the files of Tests/ScopaControllerTests using swiftc, since SwiftPM and Xcode do not run
// there). Prints `apps-swift: N passed, M failed`; XCTMain exits non-zero on any failure.
// On a Mac the same tests run with Xcode (see docs/apps.md); this file is not a package target.
import XCTest

final class ClosingLine: NSObject, XCTestObservation {
    var passed = 0
    var failed = 0
    private var failedNow = false

    func testCaseWillStart(_ testCase: XCTestCase) { failedNow = false }

    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        failedNow = true
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        if failedNow || (testCase.testRun?.hasSucceeded == false) { failed += 1 } else { passed += 1 }
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        if passed + failed == 0 { failed = 1 }
        print("apps-swift: \(passed) passed, \(failed) failed")
    }
}

let closing = ClosingLine()
XCTestObservationCenter.shared.addTestObserver(closing)
XCTMain([testCase(GameControllerTests.allTests)])
