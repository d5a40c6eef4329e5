import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { endpoint, fileResponse } from './contract.js'
import {
  materialCreateBody,
  materialDeleteQuery,
  materialEnabledBody,
  materialIdQuery,
  materialLibraryQuery,
  materialPageBody,
  materialTypeCount,
  materialUpdateBody,
  materialUploadResult,
  materialView,
} from './materials.js'

const desk = { roles: Access.desk, tags: ['material'] } as const
const id = z.number({ message: 'invalid' }).int().positive()

const base = '/damai/customer/material'

export const materialEndpoints = {
  page: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/page`,
    summary: 'A page of one library (ownerType 1 public, 2 personal) by usage, type, group, enabled, name',
    body: materialPageBody,
    response: pageOf(materialView),
  }),
  get: endpoint({
    ...desk,
    method: 'GET',
    path: `${base}/get`,
    summary: 'One material',
    query: materialIdQuery,
    response: materialView,
  }),
  typeCounts: endpoint({
    ...desk,
    method: 'GET',
    path: `${base}/typeCounts`,
    summary: 'Materials per type in a library',
    query: materialLibraryQuery,
    response: z.object({ list: z.array(materialTypeCount) }),
  }),
  create: endpoint({
    ...desk,
    method: 'POST',
    path: base,
    summary: 'Create a material (files are uploaded first and named by mediaId)',
    body: materialCreateBody,
    response: z.object({ id: z.number().int() }),
  }),
  update: endpoint({
    ...desk,
    method: 'PUT',
    path: base,
    summary: 'Change a material',
    body: materialUpdateBody,
    response: z.null(),
  }),
  setEnabled: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/enabled`,
    summary: 'Enable or disable materials (all or nothing)',
    body: materialEnabledBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...desk,
    method: 'DELETE',
    path: base,
    summary: 'Delete materials: ids=1,2,3 (all or nothing)',
    query: materialDeleteQuery,
    response: z.null(),
  }),
  upload: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/upload`,
    summary:
      'Upload a material file (multipart: file, type image|gif|video|voice|file, usage message|avatar); ' +
      'checked from its bytes (a GIF is stored as MP4); answers the mediaId to create the material with',
    body: 'multipart',
    response: materialUploadResult,
  }),
  file: endpoint({
    ...desk,
    method: 'GET',
    path: `${base}/file`,
    summary: "The file of a material (bytes, with the file's type)",
    query: materialIdQuery,
    response: fileResponse,
  }),
}
