import Foundation
import ScopaController
import ScopaEngine

/// The SwiftUI side of the controller: publishes its state; everything else is the
/// controller's (tested on Linux by .ci/apps.sh).
@MainActor
final class GameModel: ObservableObject {
    @Published private(set) var state: UiState
    let controller: GameController

    init() {
        let dir = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        let store = FileSaveStore(path: dir.appendingPathComponent("match.scopa").path)
        controller = GameController(store: store, pacer: MainQueuePacer())
        state = controller.state
        controller.onChange = { [weak self] s in self?.state = s }
        controller.launch()
    }

    var humanSeat: UInt32 { controller.humanSeat }
}
