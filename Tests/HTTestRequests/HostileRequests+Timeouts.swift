import Foundation
import HTNetworking

// The timeouts of the requests to the hostile routes, overridden as an app overrides a generated
// request's settings: in an extension, in the module that holds the request (an extension in another
// module is not what the client calls). `DripRequest` has none: its tests set a short one per call.

/// A request to a route that misbehaves on purpose: a wide timeout, since the misbehaviour is the point,
/// not its speed, and a loaded machine is slow (seventeen redirect hops can take seconds).
package protocol HostileRouteRequest: HTBaseRequest {}

extension HostileRouteRequest {
    package var timeout: TimeInterval? { 30 }
}

extension ShortBodyRequest: HostileRouteRequest {}
extension ManyHeadersRequest: HostileRouteRequest {}
extension RedirectLoopRequest: HostileRouteRequest {}
extension GzipRequest: HostileRouteRequest {}
extension LengthTextRequest: HostileRouteRequest {}
extension ObsTextHeaderRequest: HostileRouteRequest {}
extension TruncatedHeadersRequest: HostileRouteRequest {}

extension GzipBombRequest {
    /// A gibibyte to decode.
    package var timeout: TimeInterval? { 60 }
}

extension BasicAuthRequest {
    package var timeout: TimeInterval? { 10 }
}
