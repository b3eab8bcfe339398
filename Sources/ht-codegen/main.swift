print("ht-codegen")
