/** Runs the MQTT sidecar on stdio: the program the manifest's `bin/mqtt-sidecar` starts. */
import { defineSidecar } from '@wirebench/sidecar/sdk'
import { mqttSidecar } from './definition.js'

defineSidecar(mqttSidecar)
