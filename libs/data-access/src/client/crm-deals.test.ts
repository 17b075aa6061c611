import { ApiError } from './api-error';
import { DEAL_PAGE_SIZE, fetchDeals, uploadDealFile } from './crm-deals';

type FetchCall = [string, RequestInit];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('CRM deals client', () => {
  const fetchMock = jest.fn<Promise<Response>, FetchCall>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('reads every deal page by page until a short page', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: `d${from + i}`, name: `Deal ${from + i}` }));
    fetchMock
      .mockResolvedValueOnce(json(200, page(0, DEAL_PAGE_SIZE)))
      .mockResolvedValueOnce(json(200, page(DEAL_PAGE_SIZE, DEAL_PAGE_SIZE)))
      .mockResolvedValueOnce(json(200, page(2 * DEAL_PAGE_SIZE, 7)));
    const deals = await fetchDeals('org-1');
    expect(deals).toHaveLength(2 * DEAL_PAGE_SIZE + 7);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/crm/deals?limit=${DEAL_PAGE_SIZE}&offset=0`,
      `/api/crm/deals?limit=${DEAL_PAGE_SIZE}&offset=${DEAL_PAGE_SIZE}`,
      `/api/crm/deals?limit=${DEAL_PAGE_SIZE}&offset=${2 * DEAL_PAGE_SIZE}`,
    ]);
    expect(fetchMock.mock.calls[0][1].headers).toMatchObject({ 'X-Institution-Id': 'org-1' });
  });

  it('uploads a file as multipart and turns a 413 into an ApiError with the server message', async () => {
    fetchMock.mockResolvedValueOnce(
      json(413, { statusCode: 413, message: 'File is too large: the limit is 5 MB' }),
    );
    const file = new File(['x'], 'big.bin', { type: 'application/octet-stream' });
    const failure = await uploadDealFile('org-1', 'deal-1', file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(413);
    expect((failure as ApiError).message).toBe('File is too large: the limit is 5 MB');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/crm/deals/deal-1/files');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    // The browser sets the multipart boundary: no Content-Type of our own.
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});
