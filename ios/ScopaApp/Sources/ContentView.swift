import ScopaController
import ScopaEngine
import SwiftUI

struct ContentView: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        NavigationStack {
            Group {
                switch model.state.screen {
                case .settings: SettingsView()
                case .playing, .choosingCapture: TableScreen()
                case .handSummary: HandSummaryView(title: "Hand over", buttonTitle: "Next hand") {
                    model.controller.continueAfterHand()
                }
                case .matchOver: MatchOverView()
                }
            }
            .alert(
                "Scopa",
                isPresented: Binding(
                    get: { model.state.message != nil },
                    set: { if !$0 { model.controller.dismissMessage() } }),
                actions: { Button("OK") { model.controller.dismissMessage() } },
                message: { Text(model.state.message ?? "") })
        }
    }
}

struct SettingsView: View {
    @EnvironmentObject var model: GameModel

    private var settings: Binding<Settings> {
        Binding(get: { model.state.settings }, set: { model.controller.updateSettings($0) })
    }

    var body: some View {
        Form {
            Section("Players") {
                Picker("Players", selection: settings.players) {
                    Text("2").tag(2)
                    Text("3").tag(3)
                    Text("4 (teams)").tag(4)
                }
                .pickerStyle(.segmented)
                Picker("Computer level", selection: settings.aiLevel) {
                    ForEach(Settings.allAiLevels, id: \.self) { Text(Texts.aiLevel($0)).tag($0) }
                }
                Picker("Play to", selection: settings.target) {
                    ForEach(Settings.targets, id: \.self) { Text("\($0) points").tag($0) }
                }
            }
            Section("Rules") {
                Picker("Deal", selection: settings.deal) {
                    ForEach(model.state.settings.availableDeals, id: \.self) { Text(Texts.deal($0)).tag($0) }
                }
                Picker("Primiera", selection: settings.primiera) {
                    ForEach(Settings.allPrimiera, id: \.self) { Text(Texts.primiera($0)).tag($0) }
                }
                Picker("Ace", selection: settings.ace) {
                    ForEach(Settings.allAces, id: \.self) { Text(Texts.ace($0)).tag($0) }
                }
                Toggle("Napola", isOn: settings.napola)
                Toggle("Re bello", isOn: settings.reBello)
                Toggle("Redeal on 3+ kings on the table", isOn: settings.kingsRedeal)
            }
            Section {
                Button("New match") { model.controller.newMatch(model.state.settings) }
                if model.state.view != nil && model.state.view?.isOver == false {
                    Button("Resume match") { model.controller.launch() }
                }
            }
        }
        .navigationTitle("Scopa")
    }
}

struct TableScreen: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        VStack(spacing: 16) {
            if let v = s.view {
                ScoreBar(view: v)
                Text(s.aiPending ? "\(Texts.seat(v.turn, human: model.humanSeat)) is thinking…"
                     : v.isMyTurn ? "Your turn" : "")
                    .font(.headline)
                CardRow(title: "Table (\(v.deckLeft) in the deck)", cards: v.table, highlighted: s.hint?.move.capture ?? [])
                Spacer()
                EventCaption()
                if let h = s.hint { Text(h.text).font(.callout).padding(.horizontal) }
                CardRow(title: "Your hand", cards: v.hand, highlighted: s.hint.map { [$0.move.card] } ?? []) { card in
                    model.controller.selectCard(card)
                }
                .disabled(!s.canPlay)
                HStack {
                    Button("Hint") { model.controller.requestHint() }.disabled(!s.canPlay)
                    Spacer()
                    Button("Settings") { model.controller.showSettings() }
                }
                .padding(.horizontal)
            }
        }
        .padding(.vertical)
        .navigationTitle("Hand \((s.view?.handNumber ?? 0) + 1)")
        .confirmationDialog(
            "Which cards do you take?",
            isPresented: Binding(
                get: { s.screen == .choosingCapture },
                set: { if !$0 { model.controller.cancelCapture() } }),
            titleVisibility: .visible
        ) {
            ForEach(Array(s.captureOptions.enumerated()), id: \.offset) { i, m in
                Button(Texts.cards(m.capture)) { model.controller.chooseCapture(i) }
            }
            Button("Cancel", role: .cancel) { model.controller.cancelCapture() }
        }
    }
}

/// Shows the pending events one after the other, then acknowledges them.
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
                guard !events.isEmpty, let v = model.state.view else { return }
                for e in events {
                    caption = Texts.event(e, human: model.humanSeat, players: Int(v.players))
                    // Cancelled when more events arrive: the new task shows them all again.
                    do { try await Task.sleep(nanoseconds: 600_000_000) } catch { return }
                }
                model.controller.eventsShown(events.count)
            }
    }
}

struct ScoreBar: View {
    @EnvironmentObject var model: GameModel
    let view: GameView

    var body: some View {
        HStack {
            ForEach(view.sides, id: \.side) { side in
                VStack {
                    Text(Texts.side(Int(side.side), players: Int(view.players))).font(.caption)
                    Text("\(side.score)").font(.title2.bold())
                    Text("\(side.pileSize) cards, \(side.scope) scope").font(.caption2)
                }
                .frame(maxWidth: .infinity)
            }
        }
    }
}

struct CardRow: View {
    let title: String
    let cards: [Card]
    var highlighted: [Card] = []
    var onTap: ((Card) -> Void)?

    var body: some View {
        VStack(alignment: .leading) {
            Text(title).font(.caption).padding(.horizontal)
            ScrollView(.horizontal, showsIndicators: false) {
                HStack {
                    ForEach(cards, id: \.code) { card in
                        CardFace(card: card, highlighted: highlighted.contains(card))
                            .onTapGesture { onTap?(card) }
                            .accessibilityLabel(Texts.card(card))
                            .accessibilityAddTraits(onTap == nil ? [] : .isButton)
                    }
                }
                .padding(.horizontal)
            }
        }
    }
}

struct CardFace: View {
    let card: Card
    var highlighted = false

    var body: some View {
        VStack {
            Text(Texts.value(card.value)).font(.headline)
            Text(Texts.suit(card.suit)).font(.caption2)
        }
        .frame(width: 56, height: 84)
        .background(RoundedRectangle(cornerRadius: 8).fill(.background))
        .overlay(
            RoundedRectangle(cornerRadius: 8)
                .stroke(highlighted ? Color.accentColor : Color.secondary, lineWidth: highlighted ? 3 : 1))
    }
}

struct HandSummaryView: View {
    @EnvironmentObject var model: GameModel
    let title: String
    let buttonTitle: String
    let action: () -> Void

    var body: some View {
        List {
            if let b = model.state.handBreakdown, let v = model.state.view {
                ForEach(b.sides, id: \.side) { side in
                    Section(Texts.side(Int(side.side), players: Int(v.players))) {
                        row("Scope", side.scope)
                        row("Cards (\(side.cards))", side.carte)
                        row("Coins (\(side.coins))", side.denari)
                        row("Settebello", side.settebello)
                        row("Primiera (\(side.primieraValue.map(String.init) ?? "none"))", side.primiera)
                        if v.rules.napola { row("Napola", side.napola) }
                        if v.rules.reBello { row("Re bello", side.reBello) }
                        row("Total", side.total).bold()
                    }
                }
                Section("Match") {
                    ForEach(v.sides, id: \.side) { s in
                        row(Texts.side(Int(s.side), players: Int(v.players)), s.score)
                    }
                }
            }
            Button(buttonTitle, action: action)
        }
        .navigationTitle(title)
    }

    private func row(_ label: String, _ points: UInt32) -> some View {
        HStack { Text(label); Spacer(); Text("\(points)") }
    }
}

struct MatchOverView: View {
    @EnvironmentObject var model: GameModel

    var body: some View {
        let s = model.state
        let players = Int(s.view?.players ?? 2)
        HandSummaryView(
            title: s.winnerSide.map { "\(Texts.side($0, players: players)) won" } ?? "Match over",
            buttonTitle: "New match"
        ) {
            model.controller.showSettings()
        }
    }
}
