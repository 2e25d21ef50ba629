// CurtainTerminal
