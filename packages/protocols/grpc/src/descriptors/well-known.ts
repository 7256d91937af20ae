/**
 * The well-known types (google/protobuf/*.proto) as protobuf-es ships them. They seed every registry, so a server
 * that sends them malformed, under another file name, or not at all still gets their JSON forms right.
 */
import type { DescFile } from '@bufbuild/protobuf'
import {
  file_google_protobuf_any,
  file_google_protobuf_api,
  file_google_protobuf_descriptor,
  file_google_protobuf_duration,
  file_google_protobuf_empty,
  file_google_protobuf_field_mask,
  file_google_protobuf_source_context,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  file_google_protobuf_type,
  file_google_protobuf_wrappers,
} from '@bufbuild/protobuf/wkt'

export const wellKnownFiles: ReadonlyMap<string, DescFile> = new Map(
  [
    file_google_protobuf_any,
    file_google_protobuf_api,
    file_google_protobuf_descriptor,
    file_google_protobuf_duration,
    file_google_protobuf_empty,
    file_google_protobuf_field_mask,
    file_google_protobuf_source_context,
    file_google_protobuf_struct,
    file_google_protobuf_timestamp,
    file_google_protobuf_type,
    file_google_protobuf_wrappers,
  ].map((file) => [file.proto.name, file]),
)

/** Messages whose proto3 JSON form is not their field structure; the form shows them by `format`. */
export const wellKnownJsonTypes: ReadonlySet<string> = new Set([
  'google.protobuf.Any',
  'google.protobuf.Timestamp',
  'google.protobuf.Duration',
  'google.protobuf.Struct',
  'google.protobuf.Value',
  'google.protobuf.ListValue',
  'google.protobuf.NullValue',
  'google.protobuf.FieldMask',
  'google.protobuf.Empty',
  'google.protobuf.DoubleValue',
  'google.protobuf.FloatValue',
  'google.protobuf.Int64Value',
  'google.protobuf.UInt64Value',
  'google.protobuf.Int32Value',
  'google.protobuf.UInt32Value',
  'google.protobuf.BoolValue',
  'google.protobuf.StringValue',
  'google.protobuf.BytesValue',
])
