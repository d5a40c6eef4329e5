import type { MaterialUploadResult } from '@app/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/material'
import { i18n } from '../../i18n'
import { fileOf, makeMaterial, pngHead } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import { MaterialFormModal } from './MaterialFormModal'

vi.mock('../../api/material')
vi.mock('./browserMedia', () => ({
  compressImage: vi.fn(async (f: File) => f),
  probeAudioSeconds: vi.fn(async () => 12),
}))

const uploaded: MaterialUploadResult = {
  mediaId: 77,
  mime: 'image/png',
  size: 64,
  fileName: 'photo.png',
  width: 400,
  height: 400,
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.listMaterialGroups).mockResolvedValue([
    { id: 4, ownerType: 1, name: 'Promotions', materialCount: 2, createdAt: 1 },
  ])
  vi.mocked(api.createMaterial).mockResolvedValue({ id: 100 })
  vi.mocked(api.updateMaterial).mockResolvedValue(null)
  vi.mocked(api.uploadMaterialFile).mockResolvedValue(uploaded)
})
afterEach(() => i18n.changeLanguage('zh'))

const onSaved = vi.fn()
function renderForm(
  usage: 'message' | 'nickname' | 'avatar' = 'message',
  editing = null as ReturnType<typeof makeMaterial> | null,
) {
  return renderWithProviders(
    <MaterialFormModal
      open
      ownerType={1}
      usage={usage}
      editing={editing}
      onClose={vi.fn()}
      onSaved={onSaved}
    />,
  )
}
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })
const findText = (text: string) => screen.findByText(text, undefined, { timeout: 5000 })
const findAllText = (text: string) => screen.findAllByText(text, undefined, { timeout: 5000 })
const save = () => fireEvent.click(screen.getByTestId('material-save'))
async function chooseType(ty: string, field: string) {
  fireEvent.click(screen.getByTestId(`material-type-${ty}`))
  await screen.findByTestId(field, undefined, { timeout: 5000 })
}
const sentContent = () => vi.mocked(api.createMaterial).mock.calls[0]?.[0]

describe('material form: the limits of spec §5 with the server messages', { timeout: 30_000 }, () => {
  it('text: name 1–20, text 1–1000; then sends the material', async () => {
    renderForm()
    save()
    expect(await findText('Enter the material name')).toBeInTheDocument()
    expect(await findText('Enter the text')).toBeInTheDocument()
    type('material-name', 'N'.repeat(21))
    type('material-text', 'x'.repeat(1001))
    save()
    expect(await findText('The material name is at most 20 characters')).toBeInTheDocument()
    expect(await findText('The text is at most 1000 characters')).toBeInTheDocument()
    expect(api.createMaterial).not.toHaveBeenCalled()

    type('material-name', 'Welcome')
    type('material-text', 'Hello there')
    save()
    await waitFor(() =>
      expect(api.createMaterial).toHaveBeenCalledWith({
        ownerType: 1,
        usage: 'message',
        name: 'Welcome',
        groupId: null,
        enabled: true,
        content: { type: 'text', text: 'Hello there' },
      }),
    )
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
  })

  it('contact card: name at most 20, number at least 8 digits', async () => {
    renderForm()
    await chooseType('card', 'material-contact-name')
    type('material-name', 'Sales line')
    type('material-contact-name', 'C'.repeat(21))
    type('material-contact-phone', '1234-567')
    save()
    expect(await findText('The contact name is at most 20 characters')).toBeInTheDocument()
    expect(await findText('The contact number has at least 8 digits')).toBeInTheDocument()
    type('material-contact-name', 'Alice')
    type('material-contact-phone', '+86 138-0000 0000')
    save()
    await waitFor(() => expect(api.createMaterial).toHaveBeenCalled())
    expect(sentContent()?.content).toEqual({
      type: 'card',
      contactName: 'Alice',
      contactPhone: '+86 138-0000 0000',
    })
  })

  it('image-text link: title at most 100, link http(s) and at most 500, text at most 1000', async () => {
    renderForm()
    await chooseType('link', 'material-title')
    type('material-name', 'Catalogue')
    type('material-title', 'T'.repeat(101))
    type('material-link', 'ftp://example.com')
    type('material-link-text', 'd'.repeat(1001))
    save()
    expect(await findText('The title is at most 100 characters')).toBeInTheDocument()
    expect(await findText('Enter a link starting with http:// or https://')).toBeInTheDocument()
    expect(await findText('The text is at most 1000 characters')).toBeInTheDocument()
    type('material-link', `https://example.com/${'a'.repeat(490)}`)
    save()
    expect(await findText('The link is at most 500 characters')).toBeInTheDocument()
    expect(api.createMaterial).not.toHaveBeenCalled()

    type('material-title', 'Spring catalogue')
    type('material-link', 'https://example.com/c')
    type('material-link-text', '')
    save()
    await waitFor(() => expect(api.createMaterial).toHaveBeenCalled())
    expect(sentContent()?.content).toEqual({
      type: 'link',
      title: 'Spring catalogue',
      link: 'https://example.com/c',
      text: undefined,
    })
  })

  it('location: latitude and longitude within range', async () => {
    renderForm()
    await chooseType('location', 'material-latitude')
    type('material-name', 'Shop')
    type('material-latitude', '91')
    save()
    expect(await findAllText('Choose a valid location')).toHaveLength(2)
    type('material-latitude', '22.5431')
    type('material-longitude', '114.0579')
    type('material-location-name', 'Flagship store')
    save()
    await waitFor(() => expect(api.createMaterial).toHaveBeenCalled())
    expect(sentContent()?.content).toEqual({
      type: 'location',
      latitude: 22.5431,
      longitude: 114.0579,
      name: 'Flagship store',
      address: undefined,
    })
  })

  it('image: a file is required, checked before uploading, and the caption is at most 1000', async () => {
    renderForm()
    await chooseType('image', 'material-file-input')
    type('material-name', 'Banner')
    save()
    expect(await findText('Choose a file to upload')).toBeInTheDocument()

    const input = screen.getByTestId('material-file-input')
    fireEvent.change(input, {
      target: { files: [fileOf('clip.png', [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70], 64)] },
    })
    expect(
      await findText('The file does not match the chosen type: only jpg/jpeg/png is accepted'),
    ).toBeInTheDocument()
    expect(api.uploadMaterialFile).not.toHaveBeenCalled()

    const photo = fileOf('photo.png', pngHead(400, 400), 64)
    fireEvent.change(input, { target: { files: [photo] } })
    await waitFor(() =>
      expect(api.uploadMaterialFile).toHaveBeenCalledWith(
        photo,
        'photo.png',
        'image',
        'message',
        expect.any(Function),
      ),
    )
    expect(await screen.findByTestId('preview-image')).toBeInTheDocument()
    type('material-caption', 'c'.repeat(1001))
    save()
    expect(await findText('The text is at most 1000 characters')).toBeInTheDocument()
    type('material-caption', 'New season')
    save()
    await waitFor(() => expect(api.createMaterial).toHaveBeenCalled())
    expect(sentContent()?.content).toEqual({ type: 'image', mediaId: 77, caption: 'New season' })
  })

  it('voice: sends the length read from the file', async () => {
    vi.mocked(api.uploadMaterialFile).mockResolvedValue({
      ...uploaded,
      mime: 'audio/ogg',
      fileName: 'hi.ogg',
    })
    renderForm()
    await chooseType('voice', 'material-file-input')
    type('material-name', 'Hello voice')
    fireEvent.change(screen.getByTestId('material-file-input'), {
      target: { files: [fileOf('hi.ogg', [0x4f, 0x67, 0x67, 0x53], 64)] },
    })
    await waitFor(() => expect(api.uploadMaterialFile).toHaveBeenCalled())
    save()
    await waitFor(() => expect(api.createMaterial).toHaveBeenCalled())
    expect(sentContent()?.content).toEqual({ type: 'voice', mediaId: 77, seconds: 12 })
  })

  it('nickname: at most 25 characters, names the material', async () => {
    renderForm('nickname')
    expect(screen.queryByTestId('material-type-image')).toBeNull()
    type('material-text', 'n'.repeat(26))
    save()
    expect(await findText('A nickname is at most 25 characters')).toBeInTheDocument()
    type('material-text', 'Lucy from Support')
    expect(screen.getByTestId('material-name')).toHaveValue('Lucy from Support')
    save()
    await waitFor(() => expect(api.createMaterial).toHaveBeenCalled())
    expect(sentContent()).toMatchObject({
      usage: 'nickname',
      content: { type: 'text', text: 'Lucy from Support' },
    })
  })

  it('avatar: refuses an image under 300x300 before uploading', async () => {
    renderForm('avatar')
    fireEvent.change(screen.getByTestId('material-file-input'), {
      target: { files: [fileOf('me.png', pngHead(200, 200), 64)] },
    })
    expect(await findText('An avatar must be at least 300x300 (this one is 200x200)')).toBeInTheDocument()
    expect(api.uploadMaterialFile).not.toHaveBeenCalled()
  })

  it('edits a material in place', async () => {
    renderForm('message', makeMaterial({ id: 5, name: 'Greeting', groupId: 4, groupName: 'Promotions' }))
    expect(await screen.findByTestId('material-text')).toHaveValue('Hello, how can we help?')
    type('material-text', 'Hi!')
    save()
    await waitFor(() =>
      expect(api.updateMaterial).toHaveBeenCalledWith({
        id: 5,
        name: 'Greeting',
        groupId: 4,
        enabled: true,
        content: { type: 'text', text: 'Hi!' },
      }),
    )
  })
})
