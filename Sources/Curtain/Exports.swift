// `import Curtain` brings the geometry (`Point`, `Size`, `Rect`) and the cells (`Style`,
// `Color`, `CellBuffer`) with it: every program that builds views needs both, as swift-nio's
// `NIO` brings `NIOCore`.
@_exported import CurtainLayout
@_exported import CurtainScreen
