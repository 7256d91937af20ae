/**
 * Protocol plugins that load their stack on first use. The server lists, routes and pins by a plugin's manifest; the
 * package that holds the protocol stack (graphql-js, protobuf-es and connect, swagger2openapi…) is imported the first
 * time a call needs it, so start-up costs the same however many protocols are installed.
 */
import { WorkbenchError, unsupportedExportFormat } from '@wirebench/core'
import type { Call, CallContext, Channel, ProtocolManifest, ProtocolPlugin, StreamFrame } from '@wirebench/core'

export interface LazyPluginFamily {
  /** One manifest per plugin the family's `load` builds, in registration order. */
  manifests: readonly ProtocolManifest[]
  /** The package holding the stack, named when it cannot be loaded. */
  module: string
  /** Imports the stack and builds the plugins (one `load` for plugins that share state, like the gRPC wires). */
  load(): Promise<readonly ProtocolPlugin[]>
}

/** Where a loaded plugin differs from what its manifest promised; `undefined` when they agree. */
function mismatch(manifest: ProtocolManifest, plugin: ProtocolPlugin | undefined): string | undefined {
  if (!plugin) return `it built no plugin "${manifest.id}"`
  if (manifest.capabilities.serverStreaming !== (plugin.invokeStream !== undefined)) {
    return `its manifest ${manifest.capabilities.serverStreaming ? 'offers' : 'denies'} server streaming`
  }
  if (manifest.capabilities.channels !== (plugin.openChannel !== undefined)) {
    return `its manifest ${manifest.capabilities.channels ? 'offers' : 'denies'} channels`
  }
  return undefined
}

function loadFailure(family: LazyPluginFamily, cause: unknown): WorkbenchError {
  const names = family.manifests.map((m) => m.name).join(', ')
  const reason = cause instanceof Error ? cause.message : String(cause)
  return new WorkbenchError('internal', `The ${names} plugin could not be loaded from ${family.module}: ${reason}`, {
    cause,
    hint: 'Reinstall the workbench (npm ci) and restart it; the other protocols keep working.',
    details: { module: family.module },
  })
}

/** How to load the stack behind each lazy plugin, for `whenLoaded`. */
const loaders = new WeakMap<ProtocolPlugin, () => Promise<unknown>>()

/**
 * Resolves once the plugin's stack is imported (at once for a plugin that is not lazy); rejects as the first call
 * would. Discovery waits for it before its time box starts: the box measures the target, not this process importing
 * code (seconds on a loaded machine, which would fail a short `--timeout` before a byte went out).
 */
export async function whenLoaded(plugin: ProtocolPlugin): Promise<void> {
  await loaders.get(plugin)?.()
}

/**
 * One lazy `ProtocolPlugin` per manifest of the family. Concurrent first calls share one load; a failed load is a
 * `WorkbenchError` for the call that needed it, and the next call tries again.
 */
export function createLazyPlugins(family: LazyPluginFamily): ProtocolPlugin[] {
  let loaded: ReadonlyMap<string, ProtocolPlugin> | undefined
  let loading: Promise<ReadonlyMap<string, ProtocolPlugin>> | undefined

  const ensureLoaded = (): Promise<ReadonlyMap<string, ProtocolPlugin>> => {
    loading ??= family.load().then(
      (plugins) => {
        const byId = new Map(plugins.map((plugin) => [plugin.id, plugin]))
        for (const manifest of family.manifests) {
          const problem = mismatch(manifest, byId.get(manifest.id))
          if (problem) throw loadFailure(family, new Error(`${problem}.`))
        }
        loaded = byId
        return byId
      },
      (cause: unknown) => {
        throw loadFailure(family, cause)
      },
    )
    // A failed load is not remembered: the next call imports again (a package installed meanwhile is picked up).
    loading.catch(() => (loading = undefined))
    return loading
  }

  return family.manifests.map(({ capabilities, ...identity }) => {
    const id = identity.id
    // `ensureLoaded` checked that the family built every manifest's plugin with the capabilities it declares.
    const real = async (): Promise<ProtocolPlugin> => (loaded ?? (await ensureLoaded())).get(id) as ProtocolPlugin

    const plugin: ProtocolPlugin = {
      ...identity,

      async discover(target, ctx) {
        return (await real()).discover(target, ctx)
      },

      // Every unary call passes here: once the stack is loaded the call goes straight to the plugin, without the
      // promise and ticks an `async` wrapper adds to each call.
      invoke(call, ctx) {
        const target = loaded?.get(id)
        if (target === undefined) return real().then((plugin) => plugin.invoke(call, ctx))
        try {
          return target.invoke(call, ctx)
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)))
        }
      },

      // Nothing is cached before the first load (no target was discovered), so there is no schema to serve yet.
      schemaDocument(target) {
        return loaded?.get(id)?.schemaDocument?.(target)
      },

      describeMethod(target, service, method) {
        return loaded?.get(id)?.describeMethod?.(target, service, method)
      },

      prepareValidation(target, service, method, validator) {
        loaded?.get(id)?.prepareValidation?.(target, service, method, validator)
      },

      forget(target) {
        if (loaded) loaded.get(id)?.forget?.(target)
        // A load in flight may come back with a discovery queued behind it: forget after it, in order.
        else
          void loading?.then(
            (plugins) => plugins.get(id)?.forget?.(target),
            () => undefined,
          )
      },

      async dispose() {
        // A plugin never loaded holds nothing; one still loading is disposed once it is there.
        const plugins = loaded ?? (await loading?.catch(() => undefined))
        await plugins?.get(id)?.dispose?.()
      },
    }
    if (identity.exportFormats !== undefined && identity.exportFormats.length > 0) {
      plugin.exportCall = async (call, ctx, options) => {
        const target = await real()
        if (!target.exportCall) throw unsupportedExportFormat(options.format, id, [])
        return target.exportCall(call, ctx, options)
      }
    }
    if (capabilities.serverStreaming) {
      plugin.invokeStream = (call: Call, ctx: CallContext): AsyncIterable<StreamFrame> =>
        (async function* () {
          const target = await real()
          yield* target.invokeStream!(call, ctx)
        })()
    }
    if (capabilities.channels) {
      plugin.openChannel = async (call: Call, ctx: CallContext): Promise<Channel> => {
        const target = await real()
        return target.openChannel!(call, ctx)
      }
    }
    loaders.set(plugin, real)
    return plugin
  })
}
