import Foundation
import HTCodegenCore

// A thin wrapper: the parsing of arguments and the serving live in MockServerCommand.
exit(MockServerCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
