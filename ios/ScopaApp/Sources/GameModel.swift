import Foundation
import ScopaController
import ScopaEngine

/// The SwiftUI side of the controller: publishes its state; everything else is the
/// controller's and the session's (tested on Linux by .ci/apps.sh).
@MainActor
final class GameModel: ObservableObject {
    @Published private(set) var state: UiState
    let controller: GameController

    init() {
        let dir = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        let store = FileSaveStore(path: dir.appendingPathComponent("match.scopa").path)
        // The texts follow the system language (Italian for it-*, else English).
        let lang = langFromTag(tag: Locale.preferredLanguages.first ?? "en")
        controller = GameController(store: store, pacer: MainQueuePacer(), lang: lang)
        state = controller.state
        controller.onChange = { [weak self] s in self?.state = s }
        controller.launch()
    }
}
