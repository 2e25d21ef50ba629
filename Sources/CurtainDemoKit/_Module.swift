// CurtainDemoKit
