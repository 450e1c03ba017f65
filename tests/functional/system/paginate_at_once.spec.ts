import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Company from '#models/company'
import { CompanyFactory } from '#database/factories/company_factory'
import { paginateAtOnce } from '#models/queries/paginate_at_once'
import { prepared } from '#support/prepared_statement'

test.group('paginateAtOnce', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("answers what Lucid's paginate answers: total, page, rows and their order", async ({
    assert,
  }) => {
    const tag = `Paginated ${Date.now()}`
    await CompanyFactory.merge({ tradeName: tag }).createMany(7)
    const query = () => Company.query().where('trade_name', tag).orderBy('id')
    for (const [page, perPage] of [
      [1, 3],
      [3, 3],
      [4, 3],
      [1, 10],
    ]) {
      const expected = await query().paginate(page, perPage)
      for (const actual of [
        await paginateAtOnce(query(), page, perPage),
        await paginateAtOnce(prepared(query()), page, perPage),
      ]) {
        assert.deepEqual(
          {
            total: actual.total,
            page: actual.currentPage,
            perPage: actual.perPage,
            last: actual.lastPage,
          },
          { total: 7, page, perPage, last: expected.lastPage }
        )
        assert.deepEqual(
          actual.all().map((company) => company.id),
          expected.all().map((company) => company.id)
        )
        assert.instanceOf(actual.all()[0] ?? new Company(), Company)
      }
    }
    const none = await paginateAtOnce(Company.query().where('trade_name', `${tag} none`), 1, 5)
    assert.equal(none.total, 0)
    assert.lengthOf(none.all(), 0)
  })
})
