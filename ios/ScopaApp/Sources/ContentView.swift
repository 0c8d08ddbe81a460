import ScopaController
import ScopaEngine
import SwiftUI

/// The whole UI: the settings, or the table in the session's phase — the hand-over screen of
/// pass-and-play, the summaries, the capture choice — and the error alert. Every word comes
/// from the session's texts (`state.texts`, `state.prompt`, the event captions).
struct ContentView: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        let l = s.texts.labels
        NavigationStack {
            Group {
                if s.screen == .settings {
                    SettingsView()
                } else {
                    switch s.phase {
                    case .handOff?: HandOffView()
                    case .handSummary?: SummaryView(button: l.carryOn) { model.controller.proceed() }
                    case .matchOver?: SummaryView(button: l.rematch, newMatch: true) { model.controller.rematch() }
                    default: TableScreen()
                    }
                }
            }
            .alert(
                l.scopa,
                isPresented: Binding(
                    get: { model.state.message != nil },
                    set: { if !$0 { model.controller.dismissMessage() } }),
                actions: { Button(l.carryOn) { model.controller.dismissMessage() } },
                message: { Text(model.state.message ?? "") })
        }
    }
}

/// Players and who plays each seat (a person on this device or the computer: one person
/// against the computer, pass-and-play, or watch mode), the computer's level, every rules
/// option and undo. The session checks the settings (`settingsError`).
struct SettingsView: View {
    @EnvironmentObject var model: GameModel
    private static let targets: [UInt32] = [11, 16, 21, 31]

    private func edit(_ change: @escaping (inout SessionSettings) -> Void) -> () -> Void {
        {
            var s = model.state.settings
            change(&s)
            model.controller.updateSettings(s)
        }
    }

    private func binding<T>(_ get: @escaping (SessionSettings) -> T, _ set: @escaping (inout SessionSettings, T) -> Void) -> Binding<T> {
        Binding(get: { get(model.state.settings) }, set: { v in edit { set(&$0, v) }() })
    }

    var body: some View {
        let s = model.state
        let t = s.texts
        let l = t.labels
        let set = s.settings
        Form {
            if s.canResume {
                Section { Button(l.resume) { model.controller.resume() } }
            }
            Section(l.players) {
                Picker(l.players, selection: Binding(get: { Int(set.rules.players) }, set: { model.controller.updateSettings(set.withPlayers($0)) })) {
                    ForEach(2...4, id: \.self) { Text("\($0)").tag($0) }
                }
                .pickerStyle(.segmented)
                ForEach(0..<Int(set.rules.players), id: \.self) { seat in
                    Picker("\(l.seat) \(seat + 1)", selection: Binding(
                        get: { set.seats[seat] != nil },
                        set: { ai in model.controller.updateSettings(set.withSeat(seat, ai ? set.aiLevel : nil)) })
                    ) {
                        Text(l.human).tag(false)
                        Text(l.ai).tag(true)
                    }
                }
                Button(l.passAndPlay, action: edit { $0.seats = [nil, nil, nil, nil]; $0.undo = false })
                Button(l.watchMode, action: edit { $0.seats = Array(repeating: $0.aiLevel, count: 4); $0.undo = false })
                Picker(l.aiLevel, selection: Binding(get: { set.aiLevel }, set: { model.controller.updateSettings(set.withAiLevel($0)) })) {
                    ForEach(t.levels, id: \.level) { Text($0.name).tag($0.level) }
                }
            }
            Section(l.settings) {
                Picker(l.target, selection: binding({ $0.rules.target }, { $0.rules.target = $1 })) {
                    ForEach(SettingsView.targets, id: \.self) { Text("\($0)").tag($0) }
                }
                Picker(l.deal, selection: binding({ $0.rules.deal }, { $0.rules.deal = $1 })) {
                    ForEach(t.deals, id: \.deal) { Text($0.name).tag($0.deal) }
                }
                Picker(l.primiera, selection: binding({ $0.rules.primiera }, { $0.rules.primiera = $1 })) {
                    ForEach(t.primieraRules, id: \.rule) { Text($0.name).tag($0.rule) }
                }
                Picker(l.ace, selection: binding({ $0.rules.ace }, { $0.rules.ace = $1 })) {
                    ForEach(t.aceRules, id: \.rule) { Text($0.name).tag($0.rule) }
                }
                Toggle(l.napola, isOn: binding({ $0.rules.napola }, { $0.rules.napola = $1 }))
                Toggle(l.reBello, isOn: binding({ $0.rules.reBello }, { $0.rules.reBello = $1 }))
                Toggle(l.kingsRedeal, isOn: binding({ $0.rules.kingsRedeal }, { $0.rules.kingsRedeal = $1 }))
                Toggle(l.undo, isOn: binding({ $0.undo }, { $0.undo = $1 }))
            }
            Section {
                if let e = s.settingsError { Text(e).foregroundColor(.red) }
                Button(l.newMatch) { model.controller.newMatch() }.disabled(s.settingsError != nil)
            }
        }
        .navigationTitle(l.scopa)
    }
}

/// Pass-and-play: the cards stay hidden until the next person takes the device.
struct HandOffView: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        VStack(spacing: 24) {
            Text(model.state.texts.labels.hiddenCards).font(.headline)
            Text(model.state.prompt).font(.title2).multilineTextAlignment(.center)
            Button(model.state.texts.labels.carryOn) { model.controller.proceed() }.buttonStyle(.borderedProminent)
        }
        .padding()
    }
}

/// The table: scores, the session's prompt (a scopa is its banner), table, hand, buttons.
struct TableScreen: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        let t = s.texts
        let l = t.labels
        VStack(spacing: 16) {
            if let table = s.table {
                ScoreBar()
                Text(s.prompt).font(isScopa(s.phase) ? .title2.bold() : .headline).multilineTextAlignment(.center)
                CardRow(title: "\(l.table) · \(l.deck) \(table.deckLeft)", cards: cardsOf(table.table),
                        highlighted: s.hint.map { cardsOf($0.capture) } ?? [])
                Spacer()
                EventCaption()
                if let h = s.hint { Text(h.text).font(.callout).padding(.horizontal) }
                CardRow(title: l.yourHand, cards: cardsOf(table.hand), highlighted: s.hint.map { [$0.card] } ?? []) { card in
                    model.controller.select(card)
                }
                .disabled(!s.canPlay)
                HStack {
                    Button(l.hint) { model.controller.requestHint() }.disabled(!s.canPlay)
                    if s.settings.undo { Button(l.undo) { model.controller.undo() }.disabled(!table.canUndo) }
                    if isScopa(s.phase) { Button(l.carryOn) { model.controller.proceed() } }
                    Spacer()
                    Button(l.settings) { model.controller.showSettings() }
                }
                .padding(.horizontal)
            }
        }
        .padding(.vertical)
        .navigationTitle("\(l.hand) \((s.table?.handNumber ?? 0) + 1)")
        .confirmationDialog(
            l.chooseCapture,
            isPresented: Binding(
                get: { if case .chooseCapture = model.state.phase { return true } else { return false } },
                set: { if !$0 { model.controller.cancelCapture() } }),
            titleVisibility: .visible
        ) {
            ForEach(Array(s.captureOptions.enumerated()), id: \.offset) { i, capture in
                Button(cardsOf(capture).map { t.cards[Int($0)] }.joined(separator: ", ")) { model.controller.chooseCapture(i) }
            }
            Button(l.cancel, role: .cancel) { model.controller.cancelCapture() }
        }
    }

    private func isScopa(_ p: Phase?) -> Bool { if case .scopa = p { return true } else { return false } }
}

/// Shows the pending events' captions one after the other, then acknowledges them.
struct EventCaption: View {
    @EnvironmentObject var model: GameModel
    @State private var caption = ""

    var body: some View {
        Text(caption)
            .font(.subheadline)
            .frame(minHeight: 24)
            .animation(.easeInOut, value: caption)
            .task(id: model.state.events.count) {
                let events = model.state.events
                guard !events.isEmpty else { return }
                for e in events {
                    caption = e.text
                    // Cancelled when more events arrive: the new task shows them all again.
                    do { try await Task.sleep(nanoseconds: 600_000_000) } catch { return }
                }
                model.controller.eventsShown(events.count)
            }
    }
}

struct ScoreBar: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        HStack {
            if let t = s.table, let names = s.names {
                ForEach(Array(names.sides.enumerated()), id: \.offset) { side, name in
                    VStack {
                        Text(name).font(.caption)
                        Text("\(t.scores[side])").font(.title2.bold())
                        Text("\(s.texts.labels.captured) \(t.piles[side].nonzeroBitCount) · \(s.texts.labels.scope) \(t.scope[side])")
                            .font(.caption2)
                    }
                    .frame(maxWidth: .infinity)
                }
            }
        }
    }
}

struct CardRow: View {
    @EnvironmentObject var model: GameModel
    let title: String
    let cards: [UInt8]
    var highlighted: [UInt8] = []
    var onTap: ((UInt8) -> Void)?

    var body: some View {
        let t = model.state.texts
        VStack(alignment: .leading) {
            Text(title).font(.caption).padding(.horizontal)
            ScrollView(.horizontal, showsIndicators: false) {
                HStack {
                    ForEach(cards, id: \.self) { card in
                        Text(t.faces[Int(card)])
                            .font(.headline)
                            .frame(width: 56, height: 84)
                            .background(RoundedRectangle(cornerRadius: 8).fill(.background))
                            .overlay(
                                RoundedRectangle(cornerRadius: 8)
                                    .stroke(highlighted.contains(card) ? Color.accentColor : Color.secondary,
                                            lineWidth: highlighted.contains(card) ? 3 : 1))
                            .onTapGesture { onTap?(card) }
                            .accessibilityLabel(t.cards[Int(card)])
                            .accessibilityAddTraits(onTap == nil ? [] : .isButton)
                    }
                }
                .padding(.horizontal)
            }
        }
    }
}

/// The last hand's summary (the session's rows: what each counts, each side's points and
/// tally) and the match score; also the end of the match (the prompt says who won).
struct SummaryView: View {
    @EnvironmentObject var model: GameModel
    let button: String
    var newMatch = false
    let action: () -> Void

    var body: some View {
        let s = model.state
        let l = s.texts.labels
        List {
            Text(s.prompt).font(.headline)
            if let summary = s.summary, let names = s.names, let table = s.table {
                Section {
                    row("", names.sides).bold()
                    ForEach(Array(summary.rows.enumerated()), id: \.offset) { _, r in
                        row(r.label, r.points.indices.map { side in
                            r.tally[side].map { "\(r.points[side]) (\($0))" } ?? "\(r.points[side])"
                        })
                    }
                }
                Section { row(l.matchScore, table.scores.map { "\($0)" }).bold() }
            }
            Button(button, action: action)
            if newMatch { Button(l.newMatch) { model.controller.showSettings() } }
        }
        .navigationTitle(l.score)
    }

    private func row(_ label: String, _ cells: [String]) -> some View {
        HStack {
            Text(label)
            Spacer()
            ForEach(Array(cells.enumerated()), id: \.offset) { _, c in Text(c).frame(minWidth: 48, alignment: .trailing) }
        }
    }
}
