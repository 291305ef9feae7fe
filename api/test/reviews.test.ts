/** Reviews API: reading for everyone, one review per paid full paper, own reviews only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp, startTestApp, type TestApp } from './support/app.ts';
import { insertPaidFullPaper } from './support/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const comment = (n: number) => `Отличная работа номер ${n}, всё оформлено по ГОСТ`;

describe('available and create', () => {
  it('one review per paid full paper; 400 with a Russian detail when none is left', async () => {
    const u = await signUp(t);
    expect((await u.client.get('/api/v1/review/available/')).body).toEqual({ data: { count: 0 } });
    const none = await u.client.post('/api/v1/review/create/', { rating: 5, comment: comment(1) });
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe('Отзыв можно оставить после покупки полной версии работы');

    await insertPaidFullPaper(t, u.name);
    await insertPaidFullPaper(t, u.name);
    // A demo, or an unpaid full paper, allows nothing.
    await t.sql(
      `insert into papers (user_id, type, tariff, title, structure, options) select id, 'demo', 'basic', 'Демо', '{}', '{}' from users where username = $1`,
      [u.name],
    );
    expect((await u.client.get('/api/v1/review/available/')).body.data.count).toBe(2);

    const created = await u.client.post('/api/v1/review/create/', { rating: 4, comment: `   ${comment(2)}   ` });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      rating: 4,
      comment: comment(2),
      username: u.name,
      created_at: expect.any(String),
    });
    expect((await u.client.get('/api/v1/review/available/')).body.data.count).toBe(1);
  });

  it('concurrent creates cannot exceed the available count', async () => {
    const u = await signUp(t);
    await insertPaidFullPaper(t, u.name);
    const results = await Promise.all([1, 2, 3].map((n) => u.client.post('/api/v1/review/create/', { rating: 5, comment: comment(n) })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
  });

  it('guests get 401 for available and create; validation gets 422', async () => {
    const guest = new Client(t.app);
    expect((await guest.get('/api/v1/review/available/')).status).toBe(401);
    expect((await guest.post('/api/v1/review/create/', { rating: 5, comment: comment(1) })).status).toBe(401);
    const u = await signUp(t);
    const short = await u.client.post('/api/v1/review/create/', { rating: 5, comment: '  коротко  ' });
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe('Комментарий должен содержать от 10 до 500 символов');
    expect((await u.client.post('/api/v1/review/create/', { rating: 0, comment: comment(1) })).status).toBe(422);
    expect((await u.client.post('/api/v1/review/create/', { rating: 6, comment: comment(1) })).status).toBe(422);
  });
});

describe('edit and delete', () => {
  it('own reviews only; another user gets 404', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await insertPaidFullPaper(t, a.name);
    const { id } = (await a.client.post('/api/v1/review/create/', { rating: 3, comment: comment(3) })).body.data;
    expect((await b.client.patch(`/api/v1/review/${id}/`, { rating: 1, comment: comment(9) })).status).toBe(404);
    expect((await b.client.delete(`/api/v1/review/${id}/`)).status).toBe(404);
    const edited = await a.client.patch(`/api/v1/review/${id}/`, { rating: 5, comment: comment(4) });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id, rating: 5, comment: comment(4) });
    expect((await a.client.delete(`/api/v1/review/${id}/`)).status).toBe(200);
    expect((await a.client.delete(`/api/v1/review/${id}/`)).status).toBe(404);
    // Deleting gives the review back.
    expect((await a.client.get('/api/v1/review/available/')).body.data.count).toBe(1);
  });
});

describe('list and stats', () => {
  it('pages, sorts, filters to the user, and computes stats', async () => {
    const fresh = await startTestApp();
    try {
      const guest = new Client(fresh.app);
      expect((await guest.get('/api/v1/review/stats/')).body).toEqual({ ok: true, data: { total_reviews: 0, avg_rating: 0 } });
      const authors: Awaited<ReturnType<typeof signUp>>[] = [];
      for (let i = 0; i < 3; i++) authors.push(await signUp(fresh));
      const ratings = [5, 4, 2, 5, 3];
      for (const [i, rating] of ratings.entries()) {
        const author = authors[i % 3];
        await insertPaidFullPaper(fresh, author.name);
        await author.client.post('/api/v1/review/create/', { rating, comment: comment(i) });
        await fresh.sql(`update reviews set created_at = now() - make_interval(days => $1) where id = (select max(id) from reviews)`, [
          10 - i,
        ]);
      }
      const stats = (await guest.get('/api/v1/review/stats/')).body.data;
      expect(stats).toEqual({ total_reviews: 5, avg_rating: 3.8 });

      const byDate = (await guest.get('/api/v1/review/list/?offset=0&limit=20&order_by=date_desc')).body;
      expect(byDate.total_count).toBe(5);
      expect(byDate.reviews.map((r: { comment: string }) => r.comment)).toEqual([4, 3, 2, 1, 0].map(comment));
      const asc = (await guest.get('/api/v1/review/list/?order_by=date_asc&limit=2&offset=2')).body;
      expect(asc.reviews.map((r: { comment: string }) => r.comment)).toEqual([2, 3].map(comment));
      expect(asc.total_count).toBe(5);
      const best = (await guest.get('/api/v1/review/list/?order_by=rating_desc')).body.reviews.map((r: { rating: number }) => r.rating);
      expect(best).toEqual([5, 5, 4, 3, 2]);
      const worst = (await guest.get('/api/v1/review/list/?order_by=rating_asc')).body.reviews.map((r: { rating: number }) => r.rating);
      expect(worst).toEqual([2, 3, 4, 5, 5]);

      const mine = (await authors[0].client.get('/api/v1/review/list/?only_user_reviews=true')).body;
      expect(mine.total_count).toBe(2);
      expect(mine.reviews.every((r: { username: string }) => r.username === authors[0].name)).toBe(true);
      expect((await guest.get('/api/v1/review/list/?only_user_reviews=true')).status).toBe(401);
      expect((await guest.get('/api/v1/review/list/?order_by=best')).status).toBe(422);

      // Deleting the account removes its reviews and papers.
      await authors[0].client.delete('/api/v1/users/delete/');
      expect((await guest.get('/api/v1/review/stats/')).body.data.total_reviews).toBe(3);
    } finally {
      await fresh.close();
    }
  });
});
