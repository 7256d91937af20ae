/** Where the local probe looks: the standard loopback ports of Ollama and LM Studio (a test may point elsewhere). */
export interface ProbeTargets {
  ollama: string
  lmstudio: string
}

export const defaultProbeTargets: ProbeTargets = {
  ollama: 'http://127.0.0.1:11434',
  lmstudio: 'http://127.0.0.1:1234',
}
