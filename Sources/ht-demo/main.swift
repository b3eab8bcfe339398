print("ht-demo")
