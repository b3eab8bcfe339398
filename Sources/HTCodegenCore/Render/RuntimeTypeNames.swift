extension SwiftNaming {
    /// The public top-level types of HTModel and HTNetworking, and of HTNetworkingCompat. A generated
    /// type must not take one of these names: generated code and the app's own code refer to them
    /// unqualified, so a spec type `CacheableRequest` generated as `HTCacheableRequest` would capture the
    /// app's `extension HTGetUserRequest: HTCacheableRequest`. `RuntimeTypeNamesTests` compares this list
    /// with the runtime's sources, so a type added to the runtime fails the tests until it is added here.
    ///
    /// From HTNetworkingCompat (`import HTNetworkingCompat`, which an app may import beside HTNetworking):
    /// `HTBranch`, `HTChain`, `HTDescriptorRegistry`, `HTFreezeNotificationKey`, `HTMappingResult`,
    /// `HTMethodSet`, `HTPathPattern`, `HTRequestDelegate`, `HTRequestDescriptor`, `HTRequestTask`,
    /// `HTResponseDescriptor`, `HTResponseMappingError`, `HTStatusCodeSet`. The rest are HTModel's and
    /// HTNetworking's (`import HTNetworking`).
    static let runtimeTypeNames: Set<String> = [
        "HTBaseRequest", "HTBatchMode", "HTBearerTokenInterceptor", "HTBlockInterceptor",
        "HTBodyEncoding", "HTBranch", "HTCacheLookup", "HTCachePolicy", "HTCachePolicyID",
        "HTCachePolicyOverride", "HTCacheRequest", "HTCacheSettings", "HTCacheValidity",
        "HTCacheableRequest", "HTCachedResponse", "HTCachedThenFreshSequence", "HTChain", "HTClient",
        "HTClientConfiguration", "HTClosureLogSink", "HTConnectivityMonitor", "HTConnectivityStatus", "HTContentType",
        "HTCredentialHeaders", "HTCredentialProvider", "HTDateFormat", "HTDefaultFreezePolicy", "HTDescriptorRegistry",
        "HTDownloadEvents", "HTEventStreamReconnection", "HTEventStreamRequest", "HTServerSentEvent",
        "HTStream", "HTStreamedBody", "HTStreamedResponse", "HTStreamingTransport", "HTValueStreamFormat",
        "HTValueStreamRequest",
        "HTDownloadTransport", "HTDownloadedFile", "HTFileLogSink", "HTFreezableRequest",
        "HTFreezeCredentialHeaders", "HTFreezeEvent", "HTFreezeJournalError",
        "HTFreezeManager", "HTFreezeManagerDelegate",
        "HTFreezeNotificationKey", "HTFreezePolicy", "HTFreezePolicyID", "HTFreezeRecordSealing",
        "HTFreezeResendSummary", "HTFrozenRequest", "HTFrozenRequestsOnLogOut", "HTHTTPMethod",
        "HTHTTPModel", "HTIntegerEnum", "HTInterceptor", "HTInterceptorContext", "HTInterceptorNext", "HTJSON",
        "HTJSONNumber", "HTJSONObject", "HTJSONParseError", "HTJSONParser", "HTJSONPath", "HTJSONPathComponent",
        "HTJSONResponseSerializer", "HTJSONSerializer", "HTJSONValueConvertible", "HTJSONWriter", "HTLogComponent",
        "HTLogLevel", "HTLogRecord", "HTLogRedaction", "HTLogSink", "HTLogger", "HTLoggingInterceptor",
        "HTManualConnectivityMonitor", "HTMapper", "HTMappingContext", "HTMappingDefinitionError",
        "HTMappingDiagnostic", "HTMappingError", "HTMappingHooks", "HTMappingOptions", "HTMappingResult", "HTMethodSet",
        "HTMockAnswering", "HTMockMode", "HTMultipartFileInfo", "HTMultipartPart", "HTMockResponse", "HTMockTransport",
        "HTModelMappable",
        "HTModelStorage",
        "HTOptionalFieldsStorage", "HTPage", "HTPagedRequest", "HTPages", "HTPaging", "HTRequired", "HTNullable",
        "HTModelFields", "HTFieldPresence",
        "HTMultipartFormData",
        "HTNetworkingError", "HTNoContent", "HTObjectMapping", "HTParameterStyles", "HTPathPattern",
        "HTProbeConnectivityMonitor",
        "HTPropertyAccessor", "HTRedirectPolicy", "HTRequestBody", "HTRequestDelegate", "HTRequestDescription",
        "HTRequestDescriptor",
        "HTRequestEvent", "HTRequestEvents", "HTRequestTask", "HTRequestType", "HTResponse", "HTResponseCache",
        "HTResponseData", "HTResponseDataError", "HTResponseDescriptor", "HTResponseHeaderFields",
        "HTResponseMappingError",
        "HTResponseSerializer", "HTResponseTooLargeError", "HTResultValidator", "HTRetryBudget", "HTRetryPolicy",
        "HTSecurityRequirement",
        "HTSecurityScheme", "HTSerializationError",
        "HTSerializerRegistry", "HTShouldTransformValue", "HTSleeper", "HTStandardErrorLogSink", "HTStatusCodeSet",
        "HTStatusReading", "HTStatusResponse",
        "HTStringEnum", "HTTextResponseSerializer", "HTTokenProvider", "HTTransferProgress",
        "HTTransport", "HTTransportOptions", "HTTransportResponse", "HTURLSessionTransport", "HTUploadTransport",
        "HTValidationFailure", "HTValueTransform", "HTXMLConverter",
        "HTXMLParseError", "HTXMLReader", "HTXMLResponseSerializer",
    ]
}
