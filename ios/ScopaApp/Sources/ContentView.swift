import ScopaController
import ScopaEngine
import SwiftUI

/// The glue, not the engine's object of the same name.
typealias GameController = ScopaController.GameController

/// The whole UI: the settings, or the table's frame — the hand-over screen of pass-and-play,
/// the summaries (by the frame's banner), the capture choice (by its captures) — and the
/// error alert. Every word comes from the engine (`state.texts` and the frame's texts); no
/// view decides what happens next.
struct ContentView: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        let l = s.texts.labels
        NavigationStack {
            Group {
                if s.screen == .settings || s.frame == nil {
                    SettingsView()
                } else if s.frame?.bannerCase == .handOff {
                    HandOffView()
                } else if s.frame?.bannerCase == .handOver || s.frame?.bannerCase == .matchOver {
                    SummaryView()
                } else {
                    TableScreen()
                }
            }
            .alert(
                l.scopa,
                isPresented: Binding(
                    get: { (model.state.message ?? model.state.frame?.saveError) != nil },
                    set: { if !$0 { model.controller.dismissMessage() } }),
                actions: { Button(l.carryOn) { model.controller.dismissMessage() } },
                message: { Text(model.state.message ?? model.state.frame?.saveError ?? "") })
        }
    }
}

/// The frame's buttons (`Frame.offers`), each pressing its command, labelled in the
/// session's words.
struct OffersView: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let l = model.state.texts.labels
        ForEach(model.state.frame?.offers.commands ?? [], id: \.self) { command in
            Button(command.label(l)) { model.controller.press(command) }
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
                    ForEach([2, 3, 4, 6, 8], id: \.self) { Text("\($0)").tag($0) }
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
                Button(l.passAndPlay, action: edit { $0.seats = [AiLevel?](repeating: nil, count: Int(maxSeats())); $0.undo = false })
                Button(l.watchMode, action: edit { $0.seats = Array(repeating: $0.aiLevel, count: Int(maxSeats())); $0.undo = false })
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
            Text(model.state.frame?.status ?? "").font(.title2).multilineTextAlignment(.center)
            OffersView().buttonStyle(.borderedProminent)
        }
        .padding()
    }
}

/// The table: scores, the frame's status (a scopa is its banner), the table's cards
/// (Briscola: the trick, and the briscola), the hand, buttons.
struct TableScreen: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        let l = s.texts.labels
        VStack(spacing: 16) {
            if let f = s.frame {
                ScoreBar()
                Text(f.banner?.text ?? f.status).font(f.banner != nil ? .title2.bold() : .headline).multilineTextAlignment(.center)
                if let b = f.briscola { Text("\(l.briscola): \(b.name)").font(.caption) }
                CardRow(
                    title: f.briscola != nil ? "\(l.trick) · \(l.stock) \(f.deckLeft)" : "\(l.table) · \(l.deck) \(f.deckLeft)",
                    cards: f.tableCards, highlighted: f.hintTakes)
                Spacer()
                EventCaption()
                if let h = f.hint { Text(h.text).font(.callout).padding(.horizontal) }
                CardRow(title: l.yourHand, cards: f.handCards, highlighted: f.hintCard.map { [$0] } ?? []) { card in
                    model.controller.select(card)
                }
                .disabled(f.playable.isEmpty)
                HStack {
                    OffersView()
                    Spacer()
                    Button(l.settings) { model.controller.showSettings() }
                }
                .padding(.horizontal)
            }
        }
        .padding(.vertical)
        .navigationTitle("\(l.hand) \((s.frame?.handNumber ?? 0) + 1)")
        .confirmationDialog(
            l.chooseCapture,
            isPresented: Binding(
                get: { !(model.state.frame?.captureOptions.isEmpty ?? true) },
                set: { if !$0 { model.controller.press(.cancel) } }),
            titleVisibility: .visible
        ) {
            ForEach(Array((s.frame?.captureOptions ?? []).enumerated()), id: \.offset) { i, capture in
                Button(capture.text) { model.controller.chooseCapture(i) }
            }
            Button(l.cancel, role: .cancel) { model.controller.press(.cancel) }
        }
    }
}

/// Shows the captions of the frame's events one after the other.
struct EventCaption: View {
    @EnvironmentObject var model: GameModel
    @State private var caption = ""

    var body: some View {
        Text(caption)
            .font(.subheadline)
            .frame(minHeight: 24)
            .animation(.easeInOut, value: caption)
            .task(id: model.state.frame?.events ?? []) {
                for e in model.state.frame?.events ?? [] {
                    caption = e.text
                    // Cancelled when a new frame arrives: the new task shows its events.
                    do { try await Task.sleep(nanoseconds: 600_000_000) } catch { return }
                }
            }
    }
}

struct ScoreBar: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        HStack {
            ForEach(Array((s.frame?.sides ?? []).enumerated()), id: \.offset) { i, side in
                VStack {
                    Text(side.name).font(.caption)
                    Text("\(side.score)").font(.title2.bold())
                    // This hand so far: Scopa's captures and scope, or Briscola's card points.
                    if let f = s.frame, i < f.piles.count {
                        Text("\(s.texts.labels.captured) \(f.piles[i].cards.count) · \(s.texts.labels.scope) \(f.piles[i].scope)")
                            .font(.caption2)
                    } else if let f = s.frame, i < f.cardPoints.count {
                        Text("\(s.texts.labels.cardPoints) \(f.cardPoints[i])").font(.caption2)
                    }
                }
                .frame(maxWidth: .infinity)
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
                    // A card held twice (two decks, 6 or 8 players) is there twice: by position.
                    ForEach(Array(cards.enumerated()), id: \.offset) { _, card in
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

/// The banner of a finished hand or match: its title, the summary (Scopa: the rows, what each
/// counts with each side's points and tally; Briscola: each side's card points and the
/// result), the match score, and the frame's buttons.
struct SummaryView: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        let l = s.texts.labels
        List {
            if let f = s.frame, let banner = f.banner {
                Text(banner.text).font(.headline)
                Section {
                    row("", f.sides.map(\.name)).bold()
                    if case let .scopa(rows, _, _) = f.summary {
                        ForEach(Array(rows.enumerated()), id: \.offset) { _, r in
                            row(r.label, r.points.indices.map { side in
                                r.tally[side].map { "\(r.points[side]) (\($0))" } ?? "\(r.points[side])"
                            })
                        }
                    } else if case let .briscola(points, _, text) = f.summary {
                        row(l.cardPoints, points.map { "\($0)" }).bold()
                        Text(text).font(.callout)
                    }
                }
                Section { row(l.matchScore, f.sides.map { "\($0.score)" }).bold() }
                OffersView()
                if f.over { Button(l.newMatch) { model.controller.showSettings() } }
            }
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
