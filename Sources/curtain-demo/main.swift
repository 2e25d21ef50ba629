print("curtain-demo")
