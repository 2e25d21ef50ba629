// Curtain
