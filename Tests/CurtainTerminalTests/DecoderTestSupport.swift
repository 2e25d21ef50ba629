import Curtain
@testable import CurtainTerminal

/// What `text`'s bytes decode to, then (with `idle`) what an idle wait completes.
func decoded(_ text: String, idle: Bool = false, table: KeySequenceTable = KeySequenceTable()) -> [DecodedInput] {
    decoded(Array(text.utf8), idle: idle, table: table)
}

func decoded(_ bytes: [UInt8], idle: Bool = false, table: KeySequenceTable = KeySequenceTable()) -> [DecodedInput] {
    var decoder = InputDecoder(keyTable: table)
    var output = decoder.decode(bytes)
    if idle { decoder.idle(into: &output) }
    return output
}

/// Only the events of `decoded(…)`.
func events(_ text: String, idle: Bool = false) -> [Event] {
    decoded(text, idle: idle).events
}

/// Only the replies of `decoded(…)`.
func replies(_ text: String, idle: Bool = false) -> [TerminalReply] {
    decoded(text, idle: idle).replies
}

extension Array where Element == DecodedInput {
    var events: [Event] {
        compactMap { (item: DecodedInput) -> Event? in if case .event(let event) = item { event } else { nil } }
    }

    var replies: [TerminalReply] {
        compactMap { (item: DecodedInput) -> TerminalReply? in if case .reply(let reply) = item { reply } else { nil } }
    }
}

/// Key events, for comparing with `decoded(…)`.
func keys(_ keys: Key...) -> [DecodedInput] { keys.map { .event(.key($0)) } }
