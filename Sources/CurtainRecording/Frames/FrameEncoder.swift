/// Turns kept frames into a file's bytes, in order: an encoder per format (SVG, GIF, PNG).
/// Each call appends what can be written now to `out`, so a recording is written as it goes
/// and memory stays bounded; ``finish(into:)`` appends the rest.
protocol FrameEncoder: AnyObject {
    func encode(_ kept: FrameSequencer.Kept, into out: inout [UInt8])
    func finish(into out: inout [UInt8])
    /// Why the encoder stopped (a picture too large to draw), or nil.
    var failure: String? { get }
}

extension FrameEncoder {
    var failure: String? { nil }
}

extension Array where Element == UInt8 {
    mutating func append(_ text: String) { append(contentsOf: text.utf8) }
}

/// `value` with exactly `decimals` decimals and no locale (the same text everywhere).
func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let whole = scaled / scale, fraction = String(abs(scaled % scale))
    let sign = scaled < 0 && whole == 0 ? "-" : ""
    guard decimals > 0 else { return "\(whole)" }
    var text = sign + "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
