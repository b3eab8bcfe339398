import HTNetworking
let r = HTGetUserPhotoListRequest(userName: "alice")
print(HTGetUserPhotoListRequest.path, r.parameters)
