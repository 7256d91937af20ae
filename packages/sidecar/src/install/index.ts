/** @wirebench/sidecar/install: installing plugin packages (a directory or a .zip) into the plugin directory, safely. */
export { installPlugin, removePlugin } from './install.js'
export type { InstallOptions, InstallResult, RemoveOptions } from './install.js'
export { InstallError, defaultPackageLimits } from './limits.js'
export type { PackageLimits } from './limits.js'
